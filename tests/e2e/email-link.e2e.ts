import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondPayDate } from "../../src/domain/pay-dates.ts";
import { stepBySlug, stepTitle } from "../../src/domain/steps/step-table.ts";
import { issueResumeToken } from "../../src/server/intake/leads/resume-token.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { serverTokenSecret } from "./server-secrets.ts";
import {
  ANSWERS,
  baseURL,
  closeSuggestionsBeforeActions,
  DESKTOP,
  expectThumbFriendly,
  field,
  heading,
  LONG,
  maskedSsn,
  newPerson,
  nextButton,
  onStep,
  PAY_DATE,
  PHONE,
  type Person,
  poll,
  requestCash,
  savedContact,
} from "./funnel-walk.ts";

// The e-mail-link entry (docs/product/behaviour.md#resume-logic) against the real server: a link with a
// valid resume token resumes the saved lead at its first unfinished step; a link without one starts a
// fresh lead, whose legal name screen asks the name and the amount. Nothing waits on a clock.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const next = (page: Page) => nextButton(page).click();

/**
 * Every answer after the birth date except the SSN, in server names: a visitor who stopped on the last
 * screen.
 */
const ALL_BUT_SSN = {
  zip: "90210",
  city: "Beverly Hills",
  state: "CA",
  address: "350 N Crescent Dr",
  time_at_residence: 24,
  own_home: "NO",
  income_type: "EMPLOYMENT",
  work_time_at_employer: 24,
  debt_amount: "NONE",
  income_payment_frequency: "BIWEEKLY",
  income_net_monthly: 3500,
  income_next_date_1: PAY_DATE,
  income_next_date_2: secondPayDate(PAY_DATE, "BIWEEKLY"),
  work_company_name: "Acme Corporation",
  job_title: "Office Manager",
  work_phone: "3107364200",
  bank_direct_deposit: "YES",
  bank_aba: "021000021",
  bank_name: "JPMORGAN CHASE",
  bank_account_type: "CHECKING",
  bank_account_length_month: 30,
  bank_account_number: "12345678",
  drivers_license_number: "D1234567",
  drivers_license_state: "CA",
  own_car: "YES",
  credit_score: "GOOD",
};

/**
 * An earlier visit's lead of `person`, saved up to the birth date (and `more`), made through the server's own
 * endpoints.
 */
async function earlierLead(person: Person, more: Record<string, unknown> = {}): Promise<string> {
  const { email } = person;
  const entered = await fetch(`${baseURL}/api/personal_loan/lead/v2/email-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, loan_reason: "AUTO_REPAIR" }),
  });
  expect(entered.status).toBe(200);
  const leadId = ((await entered.json()) as { data: { contact: { lead_id: string } } }).data.contact.lead_id;
  const cookie = entered.headers.getSetCookie()[0]!.split(";")[0]!;
  const updated = await fetch(`${baseURL}/api/personal_loan/lead/v2`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      lead_id: leadId,
      first_name: "Maria",
      last_name: "Lopez",
      loan_amount: 2000,
      home_phone: person.cellPhone,
      cell_phone: person.cellPhone,
      dob: "1985-06-15",
      ...more,
    }),
  });
  expect(updated.status).toBe(200);
  return leadId;
}

const link = (query: Record<string, string>) => `${baseURL}/start?${new URLSearchParams(query)}`;

describe("e-mail-link entry", () => {
  it("with a valid resume token, resumes the saved lead at its first unfinished step", async () => {
    const person = newPerson();
    const { email } = person;
    const leadId = await earlierLead(person);
    const token = issueResumeToken(await serverTokenSecret(), { id: leadId, email }, 24);
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(link({ email, loan_reason: "MEDICAL", resume_token: token }));
    // Phone and birth date are saved: the address is the first step left.
    const address = stepBySlug("address")!;
    await page.waitForURL(`${baseURL}${address.path}`);
    await poll(() => heading(page).textContent()).toBe(stepTitle(address, { firstName: "Maria" }));
    expect(await page.evaluate(() => sessionStorage.getItem("lead_id"))).toBe(leadId);
    expect(await savedContact(page)).toMatchObject({ lead_id: leadId, first_name: "Maria", loan_reason: "MEDICAL" });
    // The link's e-mail and token are gone from the address bar and from the tab's history.
    expect(page.url()).not.toContain("email");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    // The landing entry was replaced: one step back is the blank tab the test opened.
    await page.goBack();
    expect(page.url()).toBe("about:blank");
    await context.close();
  });

  it.each([
    ["375 px phone", PHONE],
    ["1280 px desktop", DESKTOP],
  ])(
    "on a %s, greets a visitor whose answers reach the pay date on /loanreason, then pay dates, the last step and Request Cash",
    async (_name, viewport) => {
      const person = newPerson();
      const { email } = person;
      const leadId = await earlierLead(person, ALL_BUT_SSN);
      const token = issueResumeToken(await serverTokenSecret(), { id: leadId, email }, 24);
      const { context, page, problems } = await openPage(browser, { viewport });
      await page.goto(link({ email, loan_reason: "MEDICAL", resume_token: token }));
      const loanReason = stepBySlug("loanreason")!;
      await page.waitForURL(`${baseURL}${loanReason.path}`);
      await poll(() => heading(page).textContent()).toBe(stepTitle(loanReason, { firstName: "Maria" }));
      await expectThumbFriendly(page, viewport, loanReason.slug);
      // Amount and reason are the saved ones, the reason as the link brought it.
      expect(await field(page, "Loan Amount").inputValue()).toBe("2000");
      expect(await field(page, "Reason for loan").inputValue()).toBe("MEDICAL");
      await field(page, "Loan Amount").selectOption("3000");
      await nextButton(page).click();
      // The pay dates go stale: they are asked again, welcoming the visitor back, with Back to the income.
      const payDates = stepBySlug("nextpaydatesort")!;
      await page.waitForURL(`${baseURL}${payDates.path}`);
      await poll(() => heading(page).textContent()).toBe(stepTitle(payDates, { firstName: "Maria" }));
      expect(await page.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/grossincome");
      await expectThumbFriendly(page, viewport, payDates.slug);
      await ANSWERS.nextpaydate!(page, "mouse", person);
      await nextButton(page).click();
      // Then the only step still missing, the SSN, and the submit screen.
      await page.waitForURL(`${baseURL}/ssn`);
      await ANSWERS.ssn!(page, "mouse", person);
      await nextButton(page).click();
      const submit = stepBySlug("requestcash")!;
      await onStep(page, submit);
      await expectThumbFriendly(page, viewport, submit.slug);
      expect(await savedContact(page)).toMatchObject({
        loan_amount: 3000,
        loan_reason: "MEDICAL",
        income_next_date_1: PAY_DATE,
        ssn: maskedSsn(person.ssn),
      });
      await requestCash(page, "mouse");
      await page.waitForURL(`${baseURL}/mapping-lender`);
      await poll(() => heading(page).textContent()).toBe("Please do not close this window");
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it("with a forged or foreign resume token, starts fresh and shows nothing of the earlier lead", async () => {
    const person = newPerson();
    const { email } = person;
    const earlier = await earlierLead(person);
    // Signed with another secret: what a guessed or tampered link carries.
    const forged = issueResumeToken(Buffer.alloc(32, 7), { id: earlier, email }, 24);
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(link({ email, loan_reason: "MEDICAL", resume_token: forged }));
    const legalName = stepBySlug("lgname")!;
    await page.waitForURL(`${baseURL}${legalName.path}`);
    await poll(() => heading(page).textContent()).toBe(stepTitle(legalName, {}));
    expect(await field(page, "First Name").inputValue()).toBe("");
    expect(await page.evaluate(() => sessionStorage.getItem("lead_id"))).not.toBe(earlier);
    expect(await savedContact(page)).toMatchObject({ first_name: null, home_phone: null, email });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("without a token, starts a fresh lead: name and amount first, then the e-mail it came with", async () => {
    const person = newPerson();
    const { email } = person;
    const earlier = await earlierLead(person);
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    // The names are typed, not picked: their suggestions may open over Next (funnel-walk.ts).
    await closeSuggestionsBeforeActions(page);
    // The entry is held at the network until the overlay has been seen covering the page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/personal_loan/lead/v2/email-link", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link({ email, loan_reason: "MEDICAL", utm_source: "spring-mail" }));
    const overlay = page.getByRole("status").filter({ hasText: "Opening your application" });
    await poll(() => overlay.isVisible()).toBe(true);
    release();
    const legalName = stepBySlug("lgname")!;
    await page.waitForURL(`${baseURL}${legalName.path}`);
    await poll(() => heading(page).textContent()).toBe(stepTitle(legalName, {}));
    // Nothing of the earlier lead shows: the names are empty, and the lead is a new one.
    expect(await field(page, "First Name").inputValue()).toBe("");
    expect(await page.evaluate(() => sessionStorage.getItem("lead_id"))).not.toBe(earlier);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await field(page, "First Name").fill("Jo");
    await field(page, "Last Name").fill("Kim");
    await field(page, "Loan Amount").selectOption("1000");
    await next(page);
    await page.waitForURL(`${baseURL}/email`);
    await poll(() => field(page, "E-mail Address").inputValue()).toBe(email);
    await next(page);
    await page.waitForURL(`${baseURL}/cellphone`);
    expect(await savedContact(page)).toMatchObject({
      first_name: "Jo",
      last_name: "Kim",
      loan_amount: 1000,
      loan_reason: "MEDICAL",
      email,
      utm_source: "spring-mail",
      home_phone: null,
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a broken link leaves the visitor on the landing page with a notice and the quick start", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(link({ email: "not-an-address", loan_reason: "MEDICAL" }));
    await poll(() => page.getByRole("alert").first().textContent()).toContain("This link is not complete");
    expect(page.url()).toBe(`${baseURL}/start`);
    expect(await page.getByRole("button", { name: "REQUEST NOW" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
