import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ALL_CONSENT_TEXTS, CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { createLead, putStep, stepBodies } from "#tests/helpers/lead-client.ts";
import { consentRecords } from "../../platform/db/schema.ts";
import { certificateUrl, issueCertificateToken } from "./consent-certificate.ts";
import { templateHash } from "./consent-texts.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const SAMPLE = { brand: "Loanpath", shortCode: "41411" };

async function certificateOf(token: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/consent/certificate/${token}` });
  return { res, data: res.json().data as { lead_id: string; consents: Record<string, unknown>[] } };
}

describe("consent certificate", () => {
  it("shows each consent given, word for word as the page showed it, with button, time, page, IP and browser", async () => {
    const lead = await createLead(t.app, {}, { "user-agent": "Mozilla/5.0 (Phone) Test" });
    expect(lead.res.statusCode, lead.res.body).toBe(200);
    expect((await putStep(t.app, lead, 2, stepBodies()[2]!)).statusCode).toBe(200);
    const { res, data } = await certificateOf(issueCertificateToken(t.secrets.tokenSecret, lead.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(data.lead_id).toBe(lead.id);
    expect(data.consents).toEqual([
      expect.objectContaining({
        text: fillConsent(CONSENT_TEXTS.quick_start, SAMPLE),
        text_version: CONSENT_TEXTS.quick_start.version,
        text_hash: templateHash(CONSENT_TEXTS.quick_start),
        text_verified: true,
        kinds: ["tcpa", "email", "terms_privacy"],
        button: "REQUEST NOW",
        page_url: "/email",
        ip: "127.0.0.1",
      }),
      expect.objectContaining({
        text: fillConsent(CONSENT_TEXTS.phone, SAMPLE),
        kinds: ["tcpa"],
        button: "Next",
        page_url: "/step-2",
      }),
    ]);
    // Nothing about the person beyond the consent itself.
    const body = res.body;
    for (const personal of ["ana@example.com", "New York", "10001", "first_name"]) expect(body).not.toContain(personal);
  });

  it("gives back a retired text's exact wording from the hash its record holds", async () => {
    const lead = await createLead(t.app);
    const retired = ALL_CONSENT_TEXTS.find(
      (text) => text.key === "phone" && text.version !== CONSENT_TEXTS.phone.version,
    )!;
    await t.database.db
      .update(consentRecords)
      .set({ textVersion: retired.version, textHash: templateHash(retired), placeholders: { brand: "Loanpath" } })
      .where(eq(consentRecords.leadId, lead.id));
    const { data } = await certificateOf(issueCertificateToken(t.secrets.tokenSecret, lead.id));
    expect(data.consents[0]).toMatchObject({
      text: retired.template.replace("{brand}", "Loanpath"),
      text_version: retired.version,
      text_verified: true,
    });
    expect(String(data.consents[0]?.text)).toContain("Text STOP to 41411");
  });

  it("says so when a record's hash names no text on file, instead of showing another wording", async () => {
    const lead = await createLead(t.app);
    await t.database.db
      .update(consentRecords)
      .set({ textHash: "0".repeat(64) })
      .where(eq(consentRecords.leadId, lead.id));
    const { data } = await certificateOf(issueCertificateToken(t.secrets.tokenSecret, lead.id));
    expect(data.consents[0]).toMatchObject({ text: "", text_verified: false });
  });

  it("answers 404 for a forged, foreign-purpose or unknown-lead token, and for a lead id alone", async () => {
    const lead = await createLead(t.app);
    const forged = issueCertificateToken(Buffer.alloc(32, 1), lead.id);
    for (const token of [forged, lead.id, issueCertificateToken(t.secrets.tokenSecret, "no-such-lead"), "a.b"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/consent/certificate/${token}` });
      expect(res.statusCode, token).toBe(404);
    }
  });

  it("prints as a plain page with every value escaped, and links its JSON", async () => {
    const lead = await createLead(t.app, {}, { "user-agent": '<script>alert("x")</script>' });
    const token = issueCertificateToken(t.secrets.tokenSecret, lead.id);
    const res = await t.app.inject({ method: "GET", url: `/consent/certificate/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.body).not.toContain("<script>");
    expect(res.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(res.body).toContain(`href="/api/consent/certificate/${token}"`);
    expect(res.body).toContain(fillConsent(CONSENT_TEXTS.quick_start, SAMPLE));
    expect(certificateUrl("https://apply.example/", token)).toBe(`https://apply.example/consent/certificate/${token}`);
  });
});
