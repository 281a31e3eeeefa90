import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLead } from "../helpers/lead-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Property: whatever a client sends to any endpoint, the answer is never a 5xx.
let t: TestApp;
let lead: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "silent" });
  const made = await createLead(t.app);
  lead = { id: made.id, cookie: made.cookie };
});
afterAll(async () => {
  await t.app.close();
});

const FIELD_NAMES = [
  "step",
  "lead_id",
  "email",
  "loan_amount",
  "loan_reason",
  "zip",
  "first_name",
  "ssn",
  "dob",
  "cellPhone",
  "homePhone",
  "contactTime",
  "bankAba",
  "bankAccountNumber",
  "incomeNextDate1",
  "incomeNextDate2",
  "time_at_residence",
  "consent",
  "website",
  "resume_token",
  "token",
  "workPhone",
  "address",
  "state",
  "city",
  "__proto__",
  "constructor",
];
const anyJson = fc.jsonValue({ maxDepth: 2 });
const body = fc.oneof(
  anyJson,
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(anyJson, fc.string({ maxLength: 300 }), fc.integer())),
);
const cookie = fc.constantFrom(undefined, "lp_lead=x", () => lead.cookie);

const ENDPOINTS: { method: "GET" | "POST" | "PUT"; path: string }[] = [
  { method: "POST", path: "/api/personal_loan/lead/v2" },
  { method: "PUT", path: "/api/personal_loan/lead/v2" },
  { method: "PUT", path: "/api/personal_loan/lead/v2/:id/step" },
  { method: "POST", path: "/api/personal_loan/lead/v2/email-link" },
  { method: "GET", path: "/api/personal_loan/lead/v2/:id" },
  { method: "POST", path: "/api/unsubscribe/link" },
];

describe("no input gives a 5xx", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(body, cookie, fc.constantFrom("application/json", "text/plain"), async (payload, c, type) => {
          const cookieHeader = typeof c === "function" ? c() : c;
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.path.replace(":id", lead.id),
            headers: { "content-type": type, ...(cookieHeader ? { cookie: cookieHeader } : {}) },
            payload: endpoint.method === "GET" ? undefined : JSON.stringify(payload),
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
        }),
        { numRuns: 150 },
      );
    });
  }

  it("GET a lead with any id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100 }), async (id) => {
        const res = await t.app.inject({ method: "GET", url: `/api/personal_loan/lead/v2/${encodeURIComponent(id)}` });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
