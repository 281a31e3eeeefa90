import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERVER_FIELDS } from "#domain/fields/lead-fields.ts";
import { leadSearchHashes, privacyRequests } from "../../platform/db/schema.ts";
import { findAuction } from "../../distribution/auction/auction-store.ts";
import {
  accept,
  ACCOUNT,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
} from "../../distribution/auction/auction.testing.ts";
import { askPrivacy, everyRowAsText, linkMailedTo, pressButton } from "./privacy-workflow.testing.ts";
import { isSuppressed } from "../../compliance/suppression.ts";
import { updateLead } from "../../intake/leads/lead-store.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";

const bed = auctionTestBed();

const PERSON = {
  email: "rosalind.okafor@example.com",
  cell_phone: "2127364155",
  first_name: "Rosalind",
  last_name: "Okafor",
  address: "77 Quietude Lane",
  ssn: "654987321",
  drivers_license_number: "Q7654321",
};
/** Everything that says who PERSON is, as a test can look for it in stored text. */
const TRACES = [PERSON.email, PERSON.cell_phone, "Rosalind", "Okafor", "Quietude", PERSON.ssn, "Q7654321", ACCOUNT];

describe("a delete request", () => {
  it("stops sales at once, erases on confirmation, leaves no trace in any table or log, and still suppresses the person", async () => {
    const { t } = bed;
    const lender = await bed.buyer({ ping: () => bid(40), post: () => accept() });
    await addBuyers(t.database.db, lenderConfig("lender-a", lender));
    const sold = await saveLead(t, PERSON);
    expect((await sendLead(t.app, sold)).statusCode).toBe(200);
    expect((await decided(t.database.db, sold.id)).status).toBe("accepted");
    const bystander = await saveLead(t, { first_name: "Bartholomew", last_name: "Vandermeer" });

    const reference = await askPrivacy(t, "DELETE", { email: PERSON.email, phone: PERSON.cell_phone });
    // Before any confirmation: no buyer or list gets the person again.
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: PERSON.email })).toBe(true);
    const [asked] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, reference));
    expect(asked).toMatchObject({ requestType: "DELETE", status: "awaiting_verification" });
    expect(asked!.dueAt!.getTime() - asked!.createdAt.getTime()).toBe(45 * 86_400_000);

    const link = await linkMailedTo(t.database.db, PERSON.email, "/privacy/delete");
    // Opening the link (a mail scanner does) deletes nothing; the form asks.
    const confirm = await t.app.inject({ method: "GET", url: link });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`<form method="post" action="${link}">`);
    expect(await everyRowAsText(t.database.db)).toContain("Okafor");

    // The button's post, as a browser sends it: a form, from the page itself.
    const done = await pressButton(t, link);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("1 application");

    const stored = await everyRowAsText(t.database.db);
    for (const trace of TRACES) expect(stored, trace).not.toContain(trace);
    for (const trace of TRACES) expect(t.logs(), trace).not.toContain(trace);
    // The sale still counts for its source; the click id, which may point at the person, is gone.
    expect((await findAuction(t.database.db, sold.id))?.attribution).toEqual({
      utm_source: "google",
      aff_id: "aff-7",
      "tPar[affiliateId]": "77",
    });
    // Someone else's application is untouched (and the scan does see stored names).
    expect(stored).toContain("Vandermeer");
    const [after] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, reference));
    expect(after).toMatchObject({ status: "completed", email: null, phone: null, payload: {}, ip: null });
    // The link is spent: the request holds no e-mail to erase or show any more.
    expect((await pressButton(t, link)).statusCode).toBe(404);

    // Later applications by the same e-mail, or the same phone, reach no buyer.
    const pingsBefore = lender.bodies.length;
    for (const again of [
      await saveLead(t, { ...PERSON, email: "Rosalind.Okafor@example.com", cell_phone: "3127364199" }),
      await saveLead(t, { email: "r.o.new@example.com", cell_phone: PERSON.cell_phone }),
    ]) {
      await sendLead(t.app, again);
      expect(await decided(t.database.db, again.id)).toMatchObject({ status: "rejected", reason: "suppressed" });
    }
    expect(lender.bodies.length).toBe(pingsBefore);
    expect((await sendLead(t.app, bystander)).statusCode).toBe(200);
  });

  it("takes no write on an erased lead, even one already past its access check, and spares others who typed the same phone", async () => {
    const { t } = bed;
    const lead = await saveLead(t, PERSON);
    const searchHashes = () =>
      t.database.db.select().from(leadSearchHashes).where(eq(leadSearchHashes.leadId, lead.id));
    // The e-mail and the cell phone: the console finds the lead by either until the erasure.
    expect(await searchHashes()).toHaveLength(2);
    // Someone else's unsubscribe that happens to give the same phone.
    await t.app.inject({
      method: "POST",
      url: "/api/unsubscribe",
      payload: { email: "victim@example.com", phone: PERSON.cell_phone, unsubscribe: "OTHER" },
    });
    await askPrivacy(t, "DELETE", { email: PERSON.email, phone: PERSON.cell_phone });
    const link = await linkMailedTo(t.database.db, PERSON.email, "/privacy/delete");
    expect((await pressButton(t, link)).statusCode).toBe(200);

    expect(await searchHashes()).toEqual([]);

    const keys = { cipher: new PiiCipher(t.secrets.piiKeyring), hashSecret: t.secrets.tokenSecret };
    const late = await updateLead(t.database.db, keys, lead.id, {
      changes: { first_name: "Rosalind", email: PERSON.email },
      step: 1,
      slug: "lgname",
    });
    expect(late).toBeUndefined();
    expect(await searchHashes()).toEqual([]);
    expect(await everyRowAsText(t.database.db)).not.toContain("Rosalind");
    const [victim] = await t.database.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.email, "victim@example.com"));
    expect(victim).toMatchObject({ kind: "unsubscribe", phone: PERSON.cell_phone });
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "victim@example.com" })).toBe(true);
  });

  it("without confirmation erases nothing, and a forged or other-purpose link opens nothing", async () => {
    const { t } = bed;
    const lead = await saveLead(t, PERSON);
    await askPrivacy(t, "DELETE", { email: PERSON.email, phone: PERSON.cell_phone });
    const link = await linkMailedTo(t.database.db, PERSON.email, "/privacy/delete");
    const forged = link.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await pressButton(t, forged)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: link.replace("/delete/", "/export/") })).statusCode).toBe(404);
    expect(await everyRowAsText(t.database.db)).toContain(lead.id);
    expect(await everyRowAsText(t.database.db)).toContain("Okafor");
  });

  it("erases nothing for a post from another site's page, even with the right link", async () => {
    const { t } = bed;
    await saveLead(t, PERSON);
    await askPrivacy(t, "DELETE", { email: PERSON.email, phone: PERSON.cell_phone });
    const link = await linkMailedTo(t.database.db, PERSON.email, "/privacy/delete");
    const elsewhere: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://elsewhere.example" },
      { origin: "null" },
    ];
    for (const from of elsewhere) {
      const res = await pressButton(t, link, from);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain("press the button there");
    }
    expect(await everyRowAsText(t.database.db)).toContain("Okafor");
    expect((await pressButton(t, link, { origin: "http://localhost:80" })).statusCode).toBe(200);
    expect(await everyRowAsText(t.database.db)).not.toContain("Okafor");
  });
});

describe("a know request", () => {
  it("mails a link to the e-mail given, whose export holds every field of every application, sensitive ones masked", async () => {
    const { t } = bed;
    const lead = await saveLead(t, PERSON);
    await saveLead(t, { ...PERSON, email: "ROSALIND.okafor@example.com", loan_amount: 300 });
    await saveLead(t, { email: "someone.else@example.com" });
    const reference = await askPrivacy(t, "ACCESS", { email: PERSON.email, phone: PERSON.cell_phone });
    const link = await linkMailedTo(t.database.db, PERSON.email, "/privacy/export");

    const res = await pressButton(t, `/api${link}`);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="personal-information-${reference}.json"`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      applications: { answers: Record<string, unknown>; consents: unknown[] }[];
      privacy_requests: { reference: string }[];
    };
    expect(data.applications.map((a) => a.answers.loan_amount).sort()).toEqual([1000, 300]);
    const answers = data.applications.find((a) => a.answers.lead_id === lead.id)!.answers;
    for (const field of SERVER_FIELDS) expect(Object.keys(answers), field).toContain(field);
    expect(answers).toMatchObject({
      first_name: "Rosalind",
      address: "77 Quietude Lane",
      cell_phone: PERSON.cell_phone,
    });
    expect(JSON.stringify(data)).not.toContain(PERSON.ssn);
    expect(JSON.stringify(data)).not.toContain("Q7654321");
    expect(answers.ssn).toMatch(/7321$/);
    expect(data.applications[0]!.consents).toHaveLength(1);
    expect(data.privacy_requests.map((r) => r.reference)).toContain(reference);
    expect(JSON.stringify(data)).not.toContain("someone.else");

    const page = await pressButton(t, link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("77 Quietude Lane");
    expect(page.body).toContain(`<form method="post" action="/api${link}">`);
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, reference));
    expect(row).toMatchObject({ status: "completed" });
    expect(row!.verifiedAt).not.toBeNull();
  });

  it("sends the link again for a request sent again while it waits, under the same reference; none for an opt-out", async () => {
    const { t } = bed;
    const first = await askPrivacy(t, "ACCESS", { email: "twice@example.com", phone: "2127364100" });
    const again = await askPrivacy(t, "ACCESS", { email: "TWICE@example.com", phone: "2127364100" });
    expect(again).toBe(first);
    await askPrivacy(t, "DO_NOT_SELL", { email: "optout@example.com", phone: "2127364100" });
    const rows = await everyRowAsText(t.database.db);
    expect(rows.match(/mail_outbox: /g)).toHaveLength(2);
    expect(rows).not.toContain('optout@example.com",');

    // Once done, the same form is a new request (a person may ask again later).
    const link = await linkMailedTo(t.database.db, "twice@example.com", "/privacy/export");
    expect((await pressButton(t, link)).statusCode).toBe(200);
    const later = await askPrivacy(t, "ACCESS", { email: "twice@example.com", phone: "2127364100" });
    expect(later).not.toBe(first);
  });

  it("gives a link scanner that opens the link a page with a button, and nothing of the person's; only the press delivers", async () => {
    const { t } = bed;
    await saveLead(t, PERSON);
    const reference = await askPrivacy(t, "ACCESS", { email: PERSON.email, phone: PERSON.cell_phone });
    const link = await linkMailedTo(t.database.db, PERSON.email, "/privacy/export");
    const status = async () =>
      (await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, reference)))[0]?.status;

    for (const method of ["HEAD", "GET"] as const) {
      const opened = await t.app.inject({ method, url: link });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers["cache-control"]).toBe("no-store");
      expect(opened.body).not.toContain("Quietude");
      expect(await status()).toBe("awaiting_verification");
    }
    const page = await t.app.inject({ method: "GET", url: link });
    expect(page.body).toContain(
      `<form method="post" action="${link}"><button type="submit">Show my personal information</button></form>`,
    );
    // The machine-readable copy is no link either: a GET finds nothing there.
    expect((await t.app.inject({ method: "GET", url: `/api${link}` })).statusCode).toBe(404);
    expect((await pressButton(t, link, { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect(await status()).toBe("awaiting_verification");

    const shown = await pressButton(t, link);
    expect(shown.body).toContain("77 Quietude Lane");
    expect(await status()).toBe("completed");
  });
});
