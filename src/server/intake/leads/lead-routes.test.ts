import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_TEXTS } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { consentRecords, leads, stepEvents } from "../../platform/db/schema.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { consentFor, createLead, putStep, QUICK_START, stepBodies } from "../../../../tests/helpers/lead-client.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const count = async (table: typeof leads | typeof stepEvents | typeof consentRecords) =>
  (await t.database.db.select().from(table)).length;

/** Each Set-Cookie of an answer, whether the header came as a list or joined. */
const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers["set-cookie"]].flat().flatMap((h) => String(h).split(/,(?=lp_)/));

describe("POST /api/personal_loan/lead/v2", () => {
  it("creates a lead, sets the access cookie and answers the contact in server names", async () => {
    const { res, id, contact } = await createLead(t.app, {
      first_name: "Ana",
      consent: {
        ...consentFor("quick_start"),
        placeholders: { brand: "Cashbridge", shortCode: "72266" },
        page_url: "/start?utm=x",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(id).toMatch(/^ld_[A-Za-z0-9_-]{22}$/);
    expect(contact).toMatchObject({
      email: "ana@example.com",
      first_name: "Ana",
      loan_amount: 500,
      zip: "10001",
      ssn: null,
    });
    const [cookie, device, ...more] = setCookies(res);
    expect(cookie).toMatch(/^lp_lead=ld_[^;]+; Max-Age=\d+; Path=\/api; HttpOnly; SameSite=Lax$/);
    // The device the gate's velocity counts by (docs/product/screening.md#velocity): a year, and nothing else.
    expect(device).toMatch(/^lp_device=dv_[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/api; HttpOnly; SameSite=Lax$/);
    expect(more).toEqual([]);
    const consents = (await t.database.db.select().from(consentRecords)).filter((c) => c.leadId === id);
    expect(consents.map((c) => c.consentKind).sort()).toEqual(["email", "tcpa", "terms_privacy"]);
    expect(consents[0]).toMatchObject({
      textVersion: CONSENT_TEXTS.quick_start.version,
      button: "REQUEST NOW",
      pageUrl: "/start",
      // The values the page filled in: with the template of this version, the exact text shown.
      placeholders: { brand: "Cashbridge", shortCode: "72266" },
    });
    expect(consents[0]?.textHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the browser's device cookie for its next lead", async () => {
    const first = await createLead(t.app);
    const device = setCookies(first.res).find((c) => c.startsWith("lp_device="));
    const pair = device?.split(";")[0] ?? "";
    expect(pair).toMatch(/^lp_device=dv_/);
    const second = await createLead(t.app, {}, { cookie: pair });
    const again = setCookies(second.res);
    expect(again.some((c) => c.startsWith("lp_lead="))).toBe(true);
    expect(again.some((c) => c.startsWith("lp_device="))).toBe(false);
  });

  it("gives every lead a different random id", async () => {
    const a = await createLead(t.app);
    const b = await createLead(t.app);
    expect(a.id).not.toBe(b.id);
  });

  it.each([
    ["missing e-mail", { email: undefined }, "email", MESSAGES.emailRequired],
    ["malformed e-mail", { email: "ana@" }, "email", MESSAGES.emailInvalid],
    ["malformed zip", { zip: "1234" }, "zip", MESSAGES.zipLength],
    ["too long a name", { first_name: "A".repeat(51) }, "first_name", MESSAGES.nameTooLong],
    ["wrong type", { loan_amount: { much: true } }, "loan_amount", MESSAGES.loanAmountRequired],
    ["amount off the list", { loan_amount: 450 }, "loan_amount", MESSAGES.loanAmountRequired],
    [
      "outdated consent text",
      { consent: { key: "quick_start", version: "1999-01-01", page_url: "/" } },
      "consent",
      "The consent text has changed; please reload the page.",
    ],
  ])("refuses %s with 400 and stores nothing", async (_name, change, field, message) => {
    const before = await count(leads);
    const { res } = await createLead(t.app, change);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await count(leads)).toBe(before);
  });

  it("refuses malformed JSON, a non-object body and an oversized body", async () => {
    for (const payload of [
      "{not json",
      "[1,2]",
      JSON.stringify({ ...QUICK_START, email: "a@b.co", pad: "x".repeat(70_000) }),
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/personal_loan/lead/v2",
        payload,
        headers: { "content-type": "application/json" },
      });
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json().status).toBe(res.statusCode);
    }
  });

  it("refuses a filled honeypot without saying why, and stores nothing", async () => {
    const before = await count(leads);
    const { res } = await createLead(t.app, { website: "http://spam.example" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: "Your request could not be processed." });
    expect(await count(leads)).toBe(before);
  });
});

describe("reading and updating a lead needs its cookie", () => {
  it("answers 404 without the cookie, with another lead's cookie, or for an unknown id", async () => {
    const mine = await createLead(t.app);
    const theirs = await createLead(t.app);
    const get = (id: string, cookie?: string) =>
      t.app.inject({ method: "GET", url: `/api/personal_loan/lead/v2/${id}`, headers: cookie ? { cookie } : {} });
    expect((await get(mine.id, mine.cookie)).statusCode).toBe(200);
    for (const res of [
      await get(mine.id),
      await get(mine.id, theirs.cookie),
      await get("ld_nope", mine.cookie),
      await get(mine.id, `lp_lead=${mine.id}.forged`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: "Lead not found" });
    }
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/personal_loan/lead/v2",
      headers: { cookie: theirs.cookie },
      payload: { lead_id: mine.id, first_name: "Eve" },
    });
    expect(put.statusCode).toBe(404);
    const step = await putStep(t.app, { id: mine.id, cookie: theirs.cookie }, 8, { ownHome: "YES" });
    expect(step.statusCode).toBe(404);
  });

  it("PUT updates changed fields and keeps the history", async () => {
    const lead = await createLead(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/personal_loan/lead/v2",
      headers: { cookie: lead.cookie },
      payload: { lead_id: lead.id, first_name: " Ana ", last_name: "Lopez" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact).toMatchObject({ first_name: "Ana", last_name: "Lopez", email: "ana@example.com" });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/personal_loan/lead/v2",
      headers: { cookie: lead.cookie },
      payload: { lead_id: lead.id, home_phone: "123" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.home_phone).toBe(MESSAGES.phoneInvalid);
  });
});

describe("PUT /api/personal_loan/lead/v2/:id/step", () => {
  it("accepts every step's body and stores it under server names", async () => {
    const lead = await createLead(t.app);
    const bodies = stepBodies();
    for (const [step, body] of Object.entries(bodies)) {
      const consent =
        step === "2" ? consentFor("phone", "/cellphone") : step === "25" ? consentFor("ssn", "/ssn") : undefined;
      const res = await putStep(t.app, lead, Number(step), { ...body, consent });
      expect(res.statusCode, `step ${step}: ${res.body}`).toBe(200);
    }
    const res = await t.app.inject({
      method: "GET",
      url: `/api/personal_loan/lead/v2/${lead.id}`,
      headers: { cookie: lead.cookie },
    });
    expect(res.json().data.contact).toMatchObject({
      cell_phone: "2125551234",
      home_phone: "2125551234",
      contact_time: "EVENING",
      zip: "10001",
      city: "New York",
      time_at_residence: 24,
      own_home: "NO",
      income_type: "EMPLOYMENT",
      active_military: "NO",
      work_time_at_employer: 60,
      debt_amount: "5000_9999",
      income_payment_frequency: "BIWEEKLY",
      income_net_monthly: 2500,
      income_next_date_1: bodies[14]!.incomeNextDate1,
      work_company_name: "Acme",
      job_title: "Clerk",
      work_phone: "6465559876",
      bank_direct_deposit: "YES",
      bank_name: "JPMorgan Chase",
      bank_account_type: "CHECKING",
      bank_account_length_month: 30,
      drivers_license_state: "NY",
      own_car: "YES",
      credit_score: "FAIR",
      ssn: "***-**-6789",
      bank_account_number: "****6789",
      bank_aba: "*********",
      drivers_license_number: "********",
      dob: "****-**-**",
    });
    const events = (await t.database.db.select().from(stepEvents)).filter((e) => e.leadId === lead.id);
    expect(events.map((e) => e.step)).toEqual([null, ...Object.keys(bodies).map(Number)]);
    expect(events.find((e) => e.step === 25)?.changes).toEqual({ ssn: "[provided]" });
    const kinds = (await t.database.db.select().from(consentRecords))
      .filter((c) => c.leadId === lead.id)
      .map((c) => c.consentKind);
    // The quick start's consent came with creation; the phone and SSN screens' with steps 2 and 25.
    expect(kinds.sort()).toEqual(["email", "fcra", "tcpa", "tcpa", "terms_privacy", "terms_privacy"]);
  });

  it("refuses a bad body with the step's message and changes nothing", async () => {
    const lead = await createLead(t.app);
    const events = await count(stepEvents);
    for (const [step, body, field, message] of [
      [25, { ssn: "12-34" }, "ssn", MESSAGES.ssnFormat],
      [5, { dob: "2015-01-01" }, "dob", MESSAGES.underage],
      [18, { bankAba: "12345678", bankName: "X" }, "bankAba", MESSAGES.routingDigits],
      [8, {}, "ownHome", MESSAGES.chooseAnswer],
      [15, { workCompanyName: "A".repeat(101), jobTitle: "x" }, "workCompanyName", MESSAGES.textTooLong],
      [14, { incomeNextDate1: "2001-01-01", incomeNextDate2: "2001-01-15" }, "incomeNextDate1", MESSAGES.payDateWindow],
    ] as const) {
      const res = await putStep(t.app, lead, step, body);
      expect(res.statusCode, `step ${step}`).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await count(stepEvents)).toBe(events);
  });

  it("refuses a phone number no one can answer with the spec's message", async () => {
    const lead = await createLead(t.app);
    const res = await putStep(t.app, lead, 2, {
      cellPhone: "2125550150",
      homePhone: "2125550150",
      contactTime: "ANYTIME",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Phone number is invalid!");
  });

  it("refuses a work phone equal to the cell phone", async () => {
    const lead = await createLead(t.app);
    await putStep(t.app, lead, 2, stepBodies()[2]!);
    const res = await putStep(t.app, lead, 16, { workPhone: "(212)-555-1234" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.workPhone).toBe(MESSAGES.workPhoneSameAsCell);
  });

  it("refuses an unknown step, a mismatched lead_id and a wrong type", async () => {
    const lead = await createLead(t.app);
    expect((await putStep(t.app, lead, 3, {})).json().errors.step).toBe("Unknown step");
    const mismatch = await t.app.inject({
      method: "PUT",
      url: `/api/personal_loan/lead/v2/${lead.id}/step`,
      headers: { cookie: lead.cookie },
      payload: { step: 8, lead_id: "other", ownHome: "YES" },
    });
    expect(mismatch.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: "PUT",
      url: `/api/personal_loan/lead/v2/${lead.id}/step`,
      headers: { cookie: lead.cookie },
      payload: { step: "8", lead_id: lead.id, ownHome: "YES" },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
