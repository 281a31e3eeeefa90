import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentFor, createLead, putStep, stepBodies } from "../helpers/lead-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Drives a whole application through the API, then reads every raw row of every table and everything
// logged: the full SSN, bank account, routing and licence numbers and birth date appear nowhere in
// clear, nor in any answer (docs/product/security-and-privacy.md).
const SECRETS = {
  ssn: "123456789",
  account: "000987654321",
  routing: "021000021",
  licence: "D7654321X",
  dob: "1990-05-17",
};

let t: TestApp;
const answers: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "trace" });
  const lead = await createLead(t.app, { first_name: "Ana", last_name: "Lopez" });
  answers.push(lead.res.body);
  const bodies = {
    ...stepBodies(),
    5: { dob: SECRETS.dob },
    18: { bankAba: SECRETS.routing, bankName: "JPMorgan Chase" },
    21: { bankAccountNumber: SECRETS.account },
    22: { driversLicenseNumber: SECRETS.licence, driversLicenseState: "NY" },
    25: { ssn: "123-45-6789", consent: consentFor("ssn", "/ssn") },
  };
  for (const [step, body] of Object.entries(bodies)) {
    const res = await putStep(t.app, lead, Number(step), body);
    expect(res.statusCode, `step ${step}`).toBe(200);
    answers.push(res.body);
  }
  // A failing step logs nothing of its body either.
  answers.push((await putStep(t.app, lead, 25, { ssn: "98765432" })).body);
  answers.push(
    (
      await t.app.inject({
        method: "GET",
        url: `/api/personal_loan/lead/v2/${lead.id}`,
        headers: { cookie: lead.cookie },
      })
    ).body,
  );
});

afterAll(async () => {
  await t.app.close();
});

describe("personal data at rest, in logs and in answers", () => {
  it("stores sensitive values only encrypted", async () => {
    const dump: string[] = [];
    for (const table of ["leads", "step_events", "consent_records", "privacy_requests"]) {
      const rows = await t.database.db.execute(sql.raw(`select * from ${table}`));
      dump.push(JSON.stringify((rows as { rows: unknown[] }).rows));
    }
    const all = dump.join("\n");
    expect(all).toContain("v1.test1."); // the envelopes are there
    for (const [name, value] of Object.entries(SECRETS)) expect(all, name).not.toContain(value);
    expect(all).not.toContain("123-45-6789");
  });

  it("logs none of them", () => {
    const logs = t.logs();
    expect(logs.length).toBeGreaterThan(0); // trace level: every request was logged
    for (const [name, value] of Object.entries(SECRETS)) expect(logs, name).not.toContain(value);
    expect(logs).not.toContain("ana@example.com");
  });

  it("answers only masked values", () => {
    const all = answers.join("\n");
    for (const [name, value] of Object.entries(SECRETS)) expect(all, name).not.toContain(value);
    expect(all).toContain("***-**-6789");
    expect(all).toContain("****4321");
  });
});
