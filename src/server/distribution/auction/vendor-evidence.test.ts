import { describe, expect, it } from "vitest";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
} from "./auction.testing.ts";

// The TrustedForm certificate and Jornaya token are consent evidence (docs/product/lender-network.md#what-a-buyer-may-see):
// kept with the sale, posted to the winner whose mapping names them, never pinged, and shown on the
// lead's consent certificate.

const CERT = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
const TOKEN = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";

const bed = auctionTestBed({
  TRUSTEDFORM_SCRIPT_URL: "https://api.trustedform.com/trustedform.js?field=xxTrustedFormCertUrl",
  JORNAYA_CAMPAIGN_ID: "CAMPAIGN-1",
});

const EVIDENCE_FIELDS = [
  { to: "trusted_form", from: "trustedFormURL" },
  { to: "leadid", from: "jornayaLeadId" },
];

async function sellWith(extra: Record<string, unknown>) {
  const lender = await bed.buyer({ ping: () => bid(10), post: () => accept() });
  const base = lenderConfig("witnessed", lender);
  await addBuyers(
    bed.t.database.db,
    lenderConfig("witnessed", lender, { post: { ...base.post, fields: [...base.post.fields, ...EVIDENCE_FIELDS] } }),
  );
  const lead = await saveLead(bed.t);
  const res = await sendLead(bed.t.app, lead, extra);
  expect(res.statusCode).toBe(200);
  const auction = await decided(bed.t.database.db, lead.id);
  expect(auction.status).toBe("accepted");
  const body = (path: string) => JSON.parse(lender.bodies.find((b) => b.path === path)?.body ?? "{}");
  return {
    lead,
    auction,
    ping: body("/ping") as Record<string, unknown>,
    post: body("/post") as Record<string, string>,
  };
}

describe("TrustedForm and Jornaya evidence of a sale", () => {
  it("is stored with the sale, posted to the winner and shown on the consent certificate", async () => {
    const { auction, ping, post } = await sellWith({ trustedFormURL: CERT, jornayaLeadId: TOKEN });
    expect(auction.attribution).toMatchObject({ trustedFormURL: CERT, jornayaLeadId: TOKEN });
    expect(post).toMatchObject({ trusted_form: CERT, leadid: TOKEN });
    expect(JSON.stringify(ping)).not.toContain(TOKEN);

    const certificate = new URL(post.consent_certificate ?? "").pathname;
    const json = await bed.t.app.inject({ method: "GET", url: certificate.replace("/consent/", "/api/consent/") });
    expect(json.json().data.vendor_evidence).toEqual({ trustedFormURL: CERT, jornayaLeadId: TOKEN });
    const page = await bed.t.app.inject({ method: "GET", url: certificate });
    expect(page.body).toContain(CERT);
    expect(page.body).toContain(TOKEN);
  });

  it("drops a value that is not the vendor's, and still sells the lead", async () => {
    const { auction, post } = await sellWith({
      trustedFormURL: "https://evil.example/0123456789abcdef",
      jornayaLeadId: "not-a-token",
    });
    expect(auction.attribution).not.toHaveProperty("trustedFormURL");
    expect(auction.attribution).not.toHaveProperty("jornayaLeadId");
    expect(post).toMatchObject({ trusted_form: null, leadid: null });
    const certificate = new URL(post.consent_certificate ?? "").pathname.replace("/consent/", "/api/consent/");
    expect((await bed.t.app.inject({ method: "GET", url: certificate })).json().data).not.toHaveProperty(
      "vendor_evidence",
    );
  });

  it("refuses a buyer configuration that would ping them: they are evidence for the winner only", async () => {
    const lender = await bed.buyer({ ping: () => bid(10) });
    const base = lenderConfig("pinged", lender);
    await expect(
      addBuyers(
        bed.t.database.db,
        lenderConfig("pinged", lender, { ping: { ...base.ping, fields: [...base.ping.fields, ...EVIDENCE_FIELDS] } }),
      ),
    ).rejects.toThrow("trustedFormURL identifies the person and may not be sent in a ping");
  });
});
