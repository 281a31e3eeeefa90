import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { secondPayDate } from "#domain/pay-dates.ts";
import { consentRecords, leads, stepEvents } from "../../platform/db/schema.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { consentFor, createLead, putStep, stepBodies } from "../../../../tests/helpers/lead-client.ts";

// The checks a write passes beyond its schema: consent evidence where the screen shows consent text, the
// zip directory, callable phones, the work phone against the saved lead, the honeypot, control characters.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const rows = async () => ({
  leads: (await t.database.db.select().from(leads)).length,
  events: (await t.database.db.select().from(stepEvents)).length,
  consents: (await t.database.db.select().from(consentRecords)).length,
});

const putLead = (lead: { id: string; cookie: string }, fields: Record<string, unknown>) =>
  t.app.inject({
    method: "PUT",
    url: "/api/personal_loan/lead/v2",
    headers: { cookie: lead.cookie },
    payload: { lead_id: lead.id, ...fields },
  });

describe("consent evidence", () => {
  it("is required on creation, and must be the quick start's", async () => {
    const before = await rows();
    const missing = await createLead(t.app, { consent: undefined });
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json().errors).toEqual({ consent: MESSAGES.consentMissing });
    const wrong = await createLead(t.app, { consent: consentFor("ssn") });
    expect(wrong.res.json().errors).toEqual({ consent: MESSAGES.consentNotForThisStep });
    const old = await createLead(t.app, { consent: { ...consentFor("quick_start"), version: "2020-01-01" } });
    expect(old.res.json().errors).toEqual({ consent: MESSAGES.consentOutdated });
    expect(await rows()).toEqual(before);
  });

  it("must carry the values the page filled into the text: the record has to show which short code it named", async () => {
    const before = await rows();
    const { placeholders: _filled, ...bare } = consentFor("quick_start");
    for (const consent of [bare, { ...consentFor("quick_start"), placeholders: { brand: "Loanpath" } }]) {
      const { res } = await createLead(t.app, { consent });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ consent: MESSAGES.consentMissing });
    }
    expect(await rows()).toEqual(before);
    // The SSN text names the brand and no short code: the brand alone makes its record complete.
    const lead = await createLead(t.app);
    const ssn = { ...consentFor("ssn"), placeholders: { brand: "Loanpath" } };
    const res = await putStep(t.app, lead, 25, { ...stepBodies()[25], consent: ssn });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("is required on the phone and SSN steps, and refused on a step that shows no consent text", async () => {
    const lead = await createLead(t.app);
    const bodies = stepBodies();
    const before = await rows();
    for (const [step, consent, message] of [
      [2, undefined, MESSAGES.consentMissing],
      [25, undefined, MESSAGES.consentMissing],
      [25, consentFor("phone"), MESSAGES.consentNotForThisStep],
      [4, consentFor("ssn"), MESSAGES.consentNotForThisStep],
    ] as const) {
      const res = await putStep(t.app, lead, step, { ...bodies[step], consent });
      expect(res.statusCode, `step ${step}`).toBe(400);
      expect(res.json().errors, `step ${step}`).toEqual({ consent: message });
    }
    expect(await rows()).toEqual(before);
  });
});

describe("the zip directory", () => {
  it("refuses an unknown zip on creation with the quick start's message", async () => {
    const before = await rows();
    const { res } = await createLead(t.app, { zip: "00000" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ zip: MESSAGES.zipUnknown });
    expect(await rows()).toEqual(before);
  });

  it("refuses an unknown zip, or a state that is not the zip's, on the address step and on update", async () => {
    const lead = await createLead(t.app);
    const address = stepBodies()[6]!;
    const before = await rows();
    const unknown = await putStep(t.app, lead, 6, { ...address, zip: "00000" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ zip: MESSAGES.addressZipUnknown });
    const elsewhere = await putStep(t.app, lead, 6, { ...address, state: "CA" });
    expect(elsewhere.json().errors).toEqual({ state: MESSAGES.addressZipUnknown });
    const update = await putLead(lead, { zip: "00000" });
    expect(update.json().errors).toEqual({ zip: MESSAGES.addressZipUnknown });
    expect(await rows()).toEqual(before);
    expect(
      (await putStep(t.app, lead, 6, { ...address, zip: "90210", state: "CA", city: "Beverly Hills" })).statusCode,
    ).toBe(200);
  });
});

describe("a whole-lead update follows the steps' rules", () => {
  it("refuses what the steps refuse, naming the server field", async () => {
    const lead = await createLead(t.app);
    const first = stepBodies()[14]!.incomeNextDate1 as string;
    const before = await rows();
    for (const [fields, errors] of [
      [{ bank_aba: "123456789" }, { bank_aba: MESSAGES.routingInvalid }],
      [
        { income_next_date_1: "1999-01-04", income_next_date_2: "1999-01-18" },
        { income_next_date_1: MESSAGES.payDateWindow },
      ],
      [{ income_next_date_1: first, income_next_date_2: "2090-01-02" }, { income_next_date_2: MESSAGES.payDateSecond }],
      [{ income_next_date_1: first }, { income_next_date_2: MESSAGES.chooseAnswer }],
      [{ dob: "1900-01-01" }, { dob: MESSAGES.dateInvalid }],
      [{ cell_phone: "2125551234", work_phone: "(212)-555-1234" }, { work_phone: MESSAGES.workPhoneSameAsCell }],
    ] as const) {
      const res = await putLead(lead, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().errors, JSON.stringify(fields)).toEqual(errors);
    }
    const refused = await putLead(lead, { cell_phone: "2125550123" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: MESSAGES.phoneRefused,
      errors: { cell_phone: MESSAGES.phoneRefused },
    });
    expect(await rows()).toEqual(before);
  });

  it("refuses a complete contact on creation whose phones no one answers", async () => {
    const before = await rows();
    const { res } = await createLead(t.app, { cell_phone: "2125550123" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cell_phone: MESSAGES.phoneRefused });
    expect(await rows()).toEqual(before);
  });
});

describe("the work phone against the saved lead", () => {
  it("refuses a cell phone equal to the saved work phone, on the phone step and on update", async () => {
    const lead = await createLead(t.app);
    expect((await putStep(t.app, lead, 16, { workPhone: "(312)-555-7788" })).statusCode).toBe(200);
    const before = await rows();
    const step = await putStep(t.app, lead, 2, { ...stepBodies()[2], cellPhone: "3125557788" });
    expect(step.statusCode).toBe(400);
    expect(step.json().errors).toEqual({ cellPhone: MESSAGES.workPhoneSameAsCell });
    const update = await putLead(lead, { home_phone: "3125557788" });
    expect(update.json().errors).toEqual({ home_phone: MESSAGES.workPhoneSameAsHome });
    expect(await rows()).toEqual(before);
  });

  it("lets only one of two simultaneous saves make the work phone equal the cell phone", async () => {
    const lead = await createLead(t.app);
    const number = "7735551842";
    const results = await Promise.all([
      putStep(t.app, lead, 16, { workPhone: number }),
      putStep(t.app, lead, 2, { ...stepBodies()[2], cellPhone: number }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [saved] = (await t.database.db.select().from(leads)).filter((l) => l.id === lead.id);
    expect(saved!.work_phone === number && saved!.cell_phone === number).toBe(false);
  });
});

describe("abuse", () => {
  it("drops an e-mail-link entry whose honeypot is filled, creating nothing", async () => {
    const before = await rows();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/personal_loan/lead/v2/email-link",
      payload: { email: "bot@example.com", loan_reason: "OTHER", website: "http://spam.example" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await rows()).toEqual(before);
  });

  it("answers 400 naming the field for control characters anywhere, stores nothing and logs no personal data", async () => {
    const lead = await createLead(t.app);
    const before = await rows();
    const create = await createLead(t.app, { first_name: "A\u0000B", last_name: "Secretname" });
    expect(create.res.statusCode).toBe(400);
    expect(create.res.json().errors).toEqual({ first_name: MESSAGES.controlCharacters });
    const step = await putStep(t.app, lead, 15, { workCompanyName: "Acme\u0000", jobTitle: "Clerk" });
    expect(step.json().errors).toEqual({ workCompanyName: MESSAGES.controlCharacters });
    const path = await t.app.inject({
      method: "GET",
      url: "/api/personal_loan/lead/v2/%00",
      headers: { cookie: lead.cookie },
    });
    expect(path.statusCode).toBe(400);
    const form = await t.app.inject({
      method: "POST",
      url: "/api/unsubscribe",
      payload: { email: "a@b.co\u0007", phone: "2125551234", reason: "OTHER" },
    });
    expect(form.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    expect(t.logs()).not.toContain("Secretname");
  });
});

describe("second review", () => {
  const getLead = (lead: { id: string; cookie: string }, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url: `/api/personal_loan/lead/v2/${lead.id}`,
      headers: { cookie: lead.cookie, ...headers },
    });

  it("refuses broken Unicode (a lone surrogate) like a control character", async () => {
    const before = await rows();
    const { res } = await createLead(t.app, { first_name: "Ann\ud800e" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ first_name: MESSAGES.controlCharacters });
    expect(await rows()).toEqual(before);
  });

  it("takes the SSN only on its own step, which carries the credit-check consent", async () => {
    const before = await rows();
    const created = await createLead(t.app, { ssn: "123-45-6789" });
    expect(created.res.statusCode).toBe(400);
    expect(created.res.json().errors).toEqual({ ssn: MESSAGES.ssnOnItsStep });
    expect(await rows()).toEqual(before);
    const lead = await createLead(t.app);
    const update = await putLead(lead, { ssn: "123456789" });
    expect(update.json().errors).toEqual({ ssn: MESSAGES.ssnOnItsStep });
  });

  it("keeps state and position with the zip: the server fills them, and refuses a city or state alone", async () => {
    const lead = await createLead(t.app, { city: undefined, state: undefined, latitude: 1, longitude: 2 });
    expect(lead.contact).toMatchObject({ zip: "10001", city: "New York", state: "NY" });
    expect(lead.contact?.latitude).toBeCloseTo(40.75, 1);
    const moved = await putLead(lead, { zip: "90210" });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.contact).toMatchObject({ zip: "90210", state: "CA" });
    expect(moved.json().data.contact.longitude).toBeCloseTo(-118.4, 1);
    const alone = await putLead(lead, { state: "TX", city: "Houston" });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({ zip: MESSAGES.zipRequired });
  });

  it("refuses a territory's zip at the quick start, since the address step offers only states and DC", async () => {
    const { res } = await createLead(t.app, { zip: "00601", city: "Adjuntas", state: undefined });
    expect(res.json().errors).toEqual({ zip: MESSAGES.zipUnknown });
    const lookup = await t.app.inject({ method: "GET", url: "/api/personal_loan/zipcode?zip=00601" });
    expect(lookup.statusCode).toBe(404);
  });

  it("records Global Privacy Control sent with a read", async () => {
    const lead = await createLead(t.app);
    await getLead(lead);
    const [plain] = (await t.database.db.select().from(leads)).filter((l) => l.id === lead.id);
    expect(plain!.doNotSellAt).toBeNull();
    expect((await getLead(lead, { "sec-gpc": "1" })).statusCode).toBe(200);
    const [marked] = (await t.database.db.select().from(leads)).filter((l) => l.id === lead.id);
    expect(marked!.doNotSellAt).not.toBeNull();
  });

  it("names the home phone when it is the one that equals the saved work phone", async () => {
    const lead = await createLead(t.app);
    expect((await putStep(t.app, lead, 16, { workPhone: "(312)-555-7788" })).statusCode).toBe(200);
    const res = await putStep(t.app, lead, 2, { ...stepBodies()[2], homePhone: "3125557788" });
    expect(res.json().errors).toEqual({ homePhone: MESSAGES.workPhoneSameAsHome });
  });

  it("reads digits sent as JSON numbers as the digits", async () => {
    const lead = await createLead(t.app);
    const res = await putStep(t.app, lead, 2, { ...stepBodies()[2], cellPhone: 2138675309 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact.cell_phone).toBe("2138675309");
  });

  it("checks the second pay date against the saved pay frequency", async () => {
    const lead = await createLead(t.app);
    const { incomeNextDate1: first, incomeNextDate2: biweekly } = stepBodies()[14] as Record<string, string>;
    expect((await putStep(t.app, lead, 12, { incomePaymentFrequency: "MONTHLY" })).statusCode).toBe(200);
    const wrong = await putStep(t.app, lead, 14, { incomeNextDate1: first, incomeNextDate2: biweekly });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ incomeNextDate2: MESSAGES.payDateSecond });
    const monthly = secondPayDate(first!, "MONTHLY");
    expect((await putStep(t.app, lead, 14, { incomeNextDate1: first, incomeNextDate2: monthly })).statusCode).toBe(200);
  });

  it("re-derives the saved second pay date when the pay frequency changes", async () => {
    const lead = await createLead(t.app);
    expect((await putStep(t.app, lead, 12, { incomePaymentFrequency: "BIWEEKLY" })).statusCode).toBe(200);
    const { incomeNextDate1: first, incomeNextDate2: biweekly } = stepBodies()[14] as Record<string, string>;
    expect((await putStep(t.app, lead, 14, { incomeNextDate1: first, incomeNextDate2: biweekly })).statusCode).toBe(
      200,
    );
    const weekly = await putStep(t.app, lead, 12, { incomePaymentFrequency: "WEEKLY" });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().data.contact).toMatchObject({
      income_next_date_1: first,
      income_next_date_2: secondPayDate(first!, "WEEKLY"),
    });
    const update = await putLead(lead, { income_payment_frequency: "MONTHLY" });
    expect(update.json().data.contact.income_next_date_2).toBe(secondPayDate(first!, "MONTHLY"));
  });

  it("gives every write the same one day of pay-date grace", async () => {
    // Tuesday 2026-11-24 in US Eastern time: Monday the 23rd is inside the grace, Friday the 20th is not.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T15:00:00Z") });
    try {
      const dates = (first: string) => ({ first, second: secondPayDate(first, "BIWEEKLY") });
      const graced = dates("2026-11-23");
      const stale = dates("2026-11-20");
      const created = await createLead(t.app, {
        income_next_date_1: graced.first,
        income_next_date_2: graced.second,
      });
      expect(created.res.statusCode).toBe(200);
      const write = (d: { first: string; second: string }) => ({
        update: () => putLead(created, { income_next_date_1: d.first, income_next_date_2: d.second }),
        step: () => putStep(t.app, created, 14, { incomeNextDate1: d.first, incomeNextDate2: d.second }),
      });
      expect((await write(graced).update()).statusCode).toBe(200);
      expect((await write(graced).step()).statusCode).toBe(200);
      expect((await write(stale).update()).statusCode).toBe(400);
      expect((await write(stale).step()).statusCode).toBe(400);
      const refused = await createLead(t.app, { income_next_date_1: stale.first, income_next_date_2: stale.second });
      expect(refused.res.json().errors).toEqual({ income_next_date_1: MESSAGES.payDateWindow });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a bank holiday as the next pay date, even on the grace day (docs/decisions/0032-bank-holidays.md)", async () => {
    // Friday 2026-11-27 in US Eastern time: Thanksgiving, the day before, would be inside the grace.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T15:00:00Z") });
    try {
      const lead = await createLead(t.app);
      for (const first of ["2026-11-26", "2026-12-25"]) {
        const second = secondPayDate("2026-12-01", "BIWEEKLY");
        const step = await putStep(t.app, lead, 14, { incomeNextDate1: first, incomeNextDate2: second });
        expect(step.statusCode, first).toBe(400);
        expect(step.json().errors, first).toEqual({ incomeNextDate1: MESSAGES.payDateWindow });
        const update = await putLead(lead, { income_next_date_1: first, income_next_date_2: second });
        expect(update.json().errors, first).toEqual({ income_next_date_1: MESSAGES.payDateWindow });
      }
      // The computed second date of a pay date two weeks before Christmas is the Monday after it.
      const saved = await putStep(t.app, lead, 14, { incomeNextDate1: "2026-12-11", incomeNextDate2: "2026-12-28" });
      expect(saved.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a name that is not letters, spaces, hyphens, apostrophes and periods, and keeps nothing", async () => {
    const before = await rows();
    const created = await createLead(t.app, { first_name: "😀🚀", last_name: "Lee" });
    expect(created.res.statusCode).toBe(400);
    expect(created.res.json().errors).toEqual({ first_name: MESSAGES.nameCharacters });
    expect(await rows()).toEqual(before);
    const lead = await createLead(t.app, { first_name: "José", last_name: "O’Brien-Núñez" });
    expect(lead.res.statusCode).toBe(200);
    const update = await putLead(lead, { last_name: "Lee 🚀" });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toEqual({ last_name: MESSAGES.nameCharacters });
  });

  it("takes street addresses in any alphabet's letters", async () => {
    const lead = await createLead(t.app);
    const res = await putStep(t.app, lead, 6, { ...stepBodies()[6], address: "12 Calle José Martí" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact.address).toBe("12 Calle José Martí");
  });
});
