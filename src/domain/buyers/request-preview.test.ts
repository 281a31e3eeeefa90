import { describe, expect, it } from "vitest";
import { MASKED_SECRET } from "./buyer-secrets.ts";
import { previewRequest } from "./request-preview.ts";

describe("a buyer's request preview", () => {
  it("builds a JSON post from the sample lead, nested by dotted names, transforms and translations applied", () => {
    const preview = previewRequest({ protocol: "json" }, "post", [
      { to: "Lead.Email", from: "email" },
      { to: "Lead.Name", from: ["first_name", "last_name"], transform: "join" },
      { to: "Lead.Pay", from: "income_payment_frequency", values: { BIWEEKLY: "bi_weekly" } },
      { to: "api_key", value: "the-real-key" },
    ]);
    expect(preview.ok && JSON.parse(preview.body)).toEqual({
      Lead: { Email: "test.applicant@example.com", Name: "Test Applicant", Pay: "bi_weekly" },
      api_key: MASKED_SECRET,
    });
  });

  it("gives a ping only the ping's fields, and a lead buyer's post no restricted field", () => {
    const ping = previewRequest({ protocol: "form" }, "ping", [
      { to: "state", from: "state" },
      { to: "email", from: "email" },
    ]);
    expect(ping).toEqual({
      ok: true,
      body: "state=NY&email=",
      contentType: "application/x-www-form-urlencoded",
    });
    const post = previewRequest({ protocol: "json", kind: "lead_buyer" }, "post", [{ to: "ssn", from: "ssn" }]);
    expect(post.ok && JSON.parse(post.body)).toEqual({ ssn: null });
    const licensed = previewRequest({ protocol: "json", kind: "licensed_lender", licensedStates: ["TX"] }, "post", [
      { to: "ssn", from: "ssn" },
      { to: "state", from: "state" },
    ]);
    expect(licensed.ok && JSON.parse(licensed.body)).toEqual({ ssn: "000000000", state: "TX" });
  });

  it("writes XML under the buyer's root, and says why when a name cannot be an element", () => {
    const xml = previewRequest({ protocol: "xml", xmlRoot: "Application" }, "post", [{ to: "Zip", from: "zip" }]);
    expect(xml).toMatchObject({
      ok: true,
      body: '<?xml version="1.0" encoding="UTF-8"?><Application><Zip>10001</Zip></Application>',
    });
    expect(previewRequest({ protocol: "xml" }, "post", [{ to: "1bad", from: "zip" }])).toEqual({
      ok: false,
      problem: "not an XML element name: 1bad",
    });
  });

  it("leaves out a row with no buyer's field yet, and posts the fixed price as the bid", () => {
    const preview = previewRequest({ protocol: "json", pricing: { kind: "fixed", price: 42 } }, "post", [
      { to: "", from: "email" },
      { to: "price", from: "bid_price" },
    ]);
    expect(preview.ok && JSON.parse(preview.body)).toEqual({ price: 42 });
  });
});
