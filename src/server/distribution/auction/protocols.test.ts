import { describe, expect, it } from "vitest";
import { parseBuyers, type FieldMap } from "./buyer-config.ts";
import { isOpen } from "./eligibility.ts";
import { encodeRequest, mapFields, readAnswer } from "./mapping.ts";
import { escapeXml, readXml, writeXml, XmlError } from "./xml.ts";
import { periodStart } from "./zoned-time.ts";

const DOC = {
  first_name: "Ana & Bo",
  income_payment_frequency: "BIWEEKLY",
  active_military: "NO",
  bank_account_type: "CHECKING",
  loan_amount: 1000,
  bank_aba: "021000021",
};
const FIELDS: FieldMap[] = [
  { to: "Lead.FirstName", from: "first_name" as const },
  { to: "Lead.PayFrequency", from: "income_payment_frequency" as const, values: { BIWEEKLY: "bi_weekly" } },
  { to: "Lead.Military", from: "active_military" as const, values: { NO: 0, YES: 1 } },
  { to: "Attributes.AccountType", from: "bank_account_type" as const, case: "lower" as const },
  { to: "Attributes.RoutingNumber", from: "bank_aba" as const },
  { to: "Lead.Amount", from: "loan_amount" as const, type: "number" as const },
  { to: "Campaign", value: "C-9" },
];

describe("request mappings", () => {
  it("writes JSON with nested names and translated values", () => {
    const { body, masked } = encodeRequest({ protocol: "json", xmlRoot: "Lead" }, mapFields(FIELDS, DOC));
    expect(JSON.parse(body)).toEqual({
      Lead: { FirstName: "Ana & Bo", PayFrequency: "bi_weekly", Military: 0, Amount: 1000 },
      Attributes: { AccountType: "checking", RoutingNumber: "021000021" },
      Campaign: "C-9",
    });
    expect(masked).not.toContain("021000021");
    expect(masked).not.toContain("Ana");
  });

  it("writes form pairs under the dotted names", () => {
    const { body, contentType } = encodeRequest({ protocol: "form", xmlRoot: "Lead" }, mapFields(FIELDS, DOC));
    expect(contentType).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(body);
    expect(form.get("Lead.FirstName")).toBe("Ana & Bo");
    expect(form.get("Lead.Military")).toBe("0");
    expect(form.get("Attributes.AccountType")).toBe("checking");
  });

  it("writes XML that its reader reads back, escaped", () => {
    const { body } = encodeRequest({ protocol: "xml", xmlRoot: "Request" }, mapFields(FIELDS, DOC));
    expect(body).toContain("<FirstName>Ana &amp; Bo</FirstName>");
    expect(readXml(body)).toEqual({
      Request: {
        Lead: { FirstName: "Ana & Bo", PayFrequency: "bi_weekly", Military: "0", Amount: "1000" },
        Attributes: { AccountType: "checking", RoutingNumber: "021000021" },
        Campaign: "C-9",
      },
    });
  });
});

describe("transforms (docs/product/lender-network.md#field-mapping)", () => {
  const lead = {
    email: "Ana.Q@Example.COM",
    first_name: "Ana",
    last_name: "Quintero",
    middle_name: "",
    cell_phone: null,
    home_phone: "2125550100",
    time_at_residence: 102,
    work_time_at_employer: 12,
  };
  const map = (fields: unknown[]) => {
    const [buyer] = parseBuyers(
      [
        {
          id: "t",
          name: "T",
          kind: "lead_buyer",
          mode: "direct_post",
          protocol: "json",
          post: { url: "http://127.0.0.1:1/p", fields, answer: { success: { path: "ok", equals: [true] } } },
          pricing: { kind: "fixed", price: 1 },
        },
      ],
      "test",
    );
    return Object.fromEntries(mapFields(buyer!.post.fields, lead).map((f) => [f.to, f.value]));
  };

  it("makes the e-mail's domain, residence as years plus months, and values of two fields", () => {
    expect(
      map([
        { to: "EmailDomain", from: "email", transform: "email_domain" },
        { to: "ResidenceYears", from: "time_at_residence", transform: "whole_years" },
        { to: "ResidenceMonths", from: "time_at_residence", transform: "remaining_months" },
        { to: "EmployerYears", from: "work_time_at_employer", transform: "whole_years", type: "string" },
        { to: "EmployerMonths", from: "work_time_at_employer", transform: "remaining_months" },
        { to: "FullName", from: ["first_name", "last_name"], transform: "join" },
        { to: "SortName", from: ["last_name", "first_name"], transform: "join", separator: ", ", case: "upper" },
        { to: "Phone", from: ["cell_phone", "home_phone"], transform: "first_present" },
        { to: "Middle", from: ["middle_name", "cell_phone"], transform: "join" },
      ]),
    ).toEqual({
      EmailDomain: "example.com",
      ResidenceYears: 8,
      ResidenceMonths: 6,
      EmployerYears: "1",
      EmployerMonths: 0,
      FullName: "Ana Quintero",
      SortName: "QUINTERO, ANA",
      Phone: "2125550100",
      Middle: null,
    });
  });

  it("sends a value it cannot make empty, and masks a value read from personal fields in the record", () => {
    const fields = mapFields(
      [
        { to: "d", from: "email", transform: "email_domain" },
        { to: "y", from: "time_at_residence", transform: "whole_years" },
      ],
      { email: "no-at-sign", time_at_residence: "soon" },
    );
    expect(fields.map((f) => f.value)).toEqual([null, null]);
    const [domain] = mapFields([{ to: "d", from: "email", transform: "email_domain" }], lead);
    expect(domain).toEqual({ to: "d", value: "example.com", masked: true });
  });

  it("refuses a transform that does not fit its fields, and judges a transform by the fields it reads", () => {
    expect(() => map([{ to: "x", from: "email", transform: "join" }])).toThrow(
      "t.post.fields.0.from: join reads two fields",
    );
    expect(() => map([{ to: "x", from: ["email", "zip"] }])).toThrow("two fields in from need a transform");
    expect(() => map([{ to: "x", from: "zip", transform: "shout" }])).toThrow(
      "t.post.fields.0.transform: must be one of",
    );
    expect(() => map([{ to: "x", from: "zip", separator: "-" }])).toThrow("only join takes a separator");
    expect(() => map([{ to: "x", from: ["first_name", "ssn"], transform: "join" }])).toThrow(
      "ssn is posted only to a licensed lender",
    );
  });
});

describe("answer mappings", () => {
  const map = {
    success: { path: "Response.Status", equals: ["Accepted", "1"] },
    price: "Response.Price",
    id: "Response.Id",
    reason: "Response.Reason",
    redirectUrl: "Response.Url",
  };

  it("reads an XML answer by its paths", () => {
    const xml = `<?xml version="1.0"?><Response><Status>accepted</Status><Price>12.5</Price><Id>X1</Id><Url>https://l.example/a?x=1&amp;y=2</Url></Response>`;
    expect(readAnswer(map, "xml", xml)).toEqual({
      accepted: true,
      price: 12.5,
      id: "X1",
      reason: undefined,
      redirectUrl: "https://l.example/a?x=1&y=2",
    });
  });

  it("reads JSON and form answers, and refuses garbage with a reason", () => {
    expect(readAnswer(map, "json", JSON.stringify({ Response: { Status: 1, Reason: "ok" } })).accepted).toBe(true);
    expect(readAnswer(map, "form", "Response.Status=0")).toMatchObject({ accepted: false });
    expect(() => readAnswer(map, "json", "<html>")).toThrow("unreadable json answer");
    expect(() => readAnswer(map, "json", "{}")).toThrow("answer has no Response.Status");
    expect(() => readAnswer(map, "xml", "<Response><Status>1</Response>")).toThrow("unreadable xml answer");
  });

  it("reads an answer by its Content-Type when the buyer sets no format, and by the format when it does", () => {
    const json = JSON.stringify({ Response: { Status: "accepted", Price: 7 } });
    // A form buyer answering JSON, as many do.
    expect(readAnswer(map, "form", json, "application/json; charset=utf-8")).toMatchObject({
      accepted: true,
      price: 7,
    });
    expect(readAnswer(map, "json", "<Response><Status>1</Status></Response>", "text/xml").accepted).toBe(true);
    expect(readAnswer(map, "xml", "Response.Status=1", "application/x-www-form-urlencoded").accepted).toBe(true);
    expect(readAnswer(map, "json", json, "application/vnd.buyer+json").accepted).toBe(true);
    // A Content-Type that names no format leaves the protocol's.
    expect(readAnswer(map, "form", "Response.Status=1", "text/html").accepted).toBe(true);
    expect(() => readAnswer(map, "form", json, "text/plain")).toThrow("answer has no Response.Status");
    // A format set in the configuration wins over the Content-Type.
    expect(readAnswer({ ...map, format: "json" }, "form", json, "text/html").accepted).toBe(true);
    expect(() => readAnswer({ ...map, format: "form" }, "form", json, "application/json")).toThrow(
      "answer has no Response.Status",
    );
  });

  it("never takes a redirect that is not http(s)", () => {
    const answer = readAnswer(map, "json", JSON.stringify({ Response: { Status: 1, Url: "javascript:alert(1)" } }));
    expect(answer.redirectUrl).toBeUndefined();
  });
});

describe("the XML reader", () => {
  it("refuses DOCTYPE and entity declarations", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>`;
    expect(() => readXml(xxe)).toThrow(XmlError);
  });

  it("keeps repeated elements, ignores attributes and comments", () => {
    expect(readXml(`<a><!-- c --><b k="v">1</b><b>2</b><c/></a>`)).toEqual({ a: { b: ["1", "2"], c: "" } });
    expect(escapeXml(`<"'&>`)).toBe("&lt;&quot;&apos;&amp;&gt;");
    expect(writeXml("r", { v: "<x>" })).toContain("<v>&lt;x&gt;</v>");
  });
});

describe("buyer configuration", () => {
  const base = {
    id: "b1",
    name: "B1",
    kind: "lead_buyer",
    mode: "ping_post",
    protocol: "json",
    ping: {
      url: "http://127.0.0.1:1/p",
      fields: [{ to: "s", from: "state" }],
      answer: { success: { path: "ok", equals: [true] } },
    },
    post: {
      url: "http://127.0.0.1:1/q",
      fields: [{ to: "e", from: "email" }],
      answer: { success: { path: "ok", equals: [true] } },
    },
    pricing: { kind: "bid" },
  };

  it("accepts a valid buyer with defaults", () => {
    const [buyer] = parseBuyers([base], "test");
    expect(buyer).toMatchObject({ tier: 1, floor: 0, testMode: "live", timeZone: "America/New_York" });
  });

  it("names the buyer and field of every problem", () => {
    const bad = [
      { ...base, ping: { ...base.ping, fields: [{ to: "n", from: "first_name" }] } },
      { ...base, id: "b2", post: { ...base.post, fields: [{ to: "s", from: "ssn" }] } },
      { ...base, id: "b3", kind: "licensed_lender", timeZone: "Mars/Base" },
    ];
    expect(() => parseBuyers(bad, "buyers.json")).toThrow(
      /b1\.ping\.fields\.0\.from: first_name identifies the person[\s\S]*b2\.post\.fields\.0\.from: ssn is posted only to a licensed lender[\s\S]*b3\.timeZone[\s\S]*b3\.licensedStates/,
    );
  });
});

describe("buyer time", () => {
  it("opens by the buyer's weekly schedule in its own zone", () => {
    // 2026-11-23 is a Monday; 14:30 UTC is 09:30 in New York and 06:30 in Los Angeles.
    const at = new Date("2026-11-23T14:30:00Z");
    const schedule = { mon: [["08:00", "17:00"]] as [string, string][] };
    expect(isOpen({ schedule, timeZone: "America/New_York" }, at)).toBe(true);
    expect(isOpen({ schedule, timeZone: "America/Los_Angeles" }, at)).toBe(false);
    expect(isOpen({ schedule: { tue: [["00:00", "24:00"]] }, timeZone: "America/New_York" }, at)).toBe(false);
  });

  it("starts a cap's day and month at local midnight", () => {
    const at = new Date("2026-11-23T03:30:00Z"); // 22:30 on Nov 22 in New York
    expect(periodStart(at, "America/New_York", "day").toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(periodStart(at, "America/New_York", "month").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(periodStart(at, "Asia/Kolkata", "hour").toISOString()).toBe("2026-11-23T03:30:00.000Z");
  });
});
