import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LENDER_CONNECTION_PATHS, REDIRECT_PAGE_PATHS } from "../../src/domain/client-routes.ts";
import { MESSAGES } from "../../src/domain/messages.ts";
import { secondPayDate } from "../../src/domain/pay-dates.ts";
import { MAIN_STEPS } from "../../src/domain/steps/main-steps.ts";
import { STEPS, stepBySlug } from "../../src/domain/steps/step-table.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import {
  ANSWERS,
  baseURL,
  closeSuggestionsBeforeActions,
  DESKTOP,
  field,
  FIRST_NAME,
  fill,
  heading,
  isFocused,
  LONG,
  maskedPhone,
  maskedSsn,
  type Mode,
  newPerson,
  next,
  onStep,
  PAY_DATE,
  PHONE,
  type Person,
  poll,
  requestCash,
  savedContact,
  startFunnel,
  expectThumbFriendly,
} from "./funnel-walk.ts";

// The application funnel against the real server and its embedded database: quick start, every main step
// with good answers, the submit screen. Each test makes its own lead; nothing waits on a clock, only on
// elements and addresses.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Quick start, then every main screen with good answers as a person of its own, checking each one on the way;
 * answers who applied.
 */
async function walkFunnel(page: Page, mode: Mode, viewport: { width: number; height: number }): Promise<Person> {
  const person = newPerson();
  await closeSuggestionsBeforeActions(page);
  await startFunnel(page, mode);
  // A mark on the window survives only client navigation: it shows no step reloads the page.
  await page.evaluate(() => Object.assign(window, { funnelMark: true }));
  for (const step of MAIN_STEPS) {
    await onStep(page, step);
    await expectThumbFriendly(page, viewport, step.slug);
    await ANSWERS[step.slug]?.(page, mode, person);
    await next(page, mode);
  }
  // The SSN screen's Request Funds leads to the submit screen, whose Request Cash hands the application to
  // the lenders (their answer is lender.e2e.ts's).
  const submit = stepBySlug("requestcash")!;
  await onStep(page, submit);
  await expectThumbFriendly(page, viewport, submit.slug);
  await requestCash(page, mode);
  await page.waitForURL(`${baseURL}/mapping-lender`);
  await poll(() => heading(page).textContent()).toBe("Please do not close this window");
  expect(await page.evaluate(() => (window as { funnelMark?: boolean }).funnelMark)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  return person;
}

function expectCompleteLead(contact: Record<string, unknown>, person: Person) {
  expect(contact).toMatchObject({
    first_name: FIRST_NAME,
    last_name: "Rivera",
    loan_amount: 500,
    loan_reason: "DEBT_CONSOLIDATION",
    home_phone: person.cellPhone,
    cell_phone: person.cellPhone,
    contact_time: "ANYTIME",
    address: "350 N Crescent Dr",
    zip: "90210",
    city: "Beverly Hills",
    state: "CA",
    time_at_residence: 12,
    own_home: "YES",
    income_type: "EMPLOYMENT",
    active_military: "NO",
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
    bank_name: "JPMORGAN CHASE",
    bank_account_type: "CHECKING",
    bank_account_length_month: 30,
    bank_account_number: "****5678",
    drivers_license_state: "CA",
    own_car: "YES",
    credit_score: "GOOD",
    ssn: maskedSsn(person.ssn),
  });
  // Sensitive answers are saved and only ever answered as masks.
  expect(contact.dob).toBe("****-**-**");
  expect(contact.bank_aba).toBe("*********");
  expect(contact.drivers_license_number).toBe("********");
}

describe("application funnel", () => {
  it(
    "goes from the quick start through every main step and the submit screen to the lender connection on a 375 px phone, keyboard only",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      const person = await walkFunnel(page, "keyboard", PHONE);
      expectCompleteLead(await savedContact(page), person);
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    "goes through every main step at 1280 px with the mouse",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: DESKTOP });
      const person = await walkFunnel(page, "mouse", DESKTOP);
      expectCompleteLead(await savedContact(page), person);
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    "keeps the place and the answers through a reload, and back links lead to the answered screens",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      const person = newPerson();
      await closeSuggestionsBeforeActions(page);
      await startFunnel(page);
      for (const slug of ["lgname", "email", "cellphone"]) {
        await ANSWERS[slug]!(page, "mouse", person);
        await next(page, "mouse");
      }
      const dob = stepBySlug("dob")!;
      await onStep(page, dob);
      await page.reload();
      await onStep(page, dob);
      // Back to the phone screen, which shows the saved number; back again to the e-mail and the name.
      await page.getByRole("link", { name: "Back" }).click();
      await onStep(page, stepBySlug("cellphone")!);
      await poll(() => field(page, "Cell Phone Number").inputValue()).toBe(maskedPhone(person.cellPhone));
      await page.getByRole("link", { name: "Back" }).click();
      await onStep(page, stepBySlug("email")!);
      expect(await field(page, "E-mail Address").inputValue()).toBe(person.email);
      await page.getByRole("link", { name: "Back" }).click();
      await onStep(page, stepBySlug("lgname")!);
      expect(await field(page, "First Name").inputValue()).toBe(FIRST_NAME);
      // Back from the first screen: the quick start shows the visitor's answers, and going on keeps the name.
      await page.getByRole("link", { name: "Back" }).click();
      await page.waitForURL(`${baseURL}/`);
      await poll(() => page.getByLabel("Your Zip Code").inputValue()).toBe("90210");
      await poll(() => page.getByText("Beverly Hills, CA").first().isVisible()).toBe(true);
      await page.getByRole("button", { name: "REQUEST NOW" }).click();
      await onStep(page, stepBySlug("lgname")!);
      expect(await field(page, "First Name").inputValue()).toBe(FIRST_NAME);
      // Forward again: the saved answers carry the visitor to the date of birth.
      await next(page, "mouse");
      await onStep(page, stepBySlug("email")!);
      await next(page, "mouse");
      await onStep(page, stepBySlug("cellphone")!);
      await next(page, "mouse");
      await onStep(page, dob);
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    "asks the best time to contact on its own screen, starts each screen at the top and moves the bar over 1 s",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      const person = newPerson();
      await closeSuggestionsBeforeActions(page);
      await startFunnel(page);
      for (const slug of ["lgname", "email", "cellphone"]) {
        await ANSWERS[slug]!(page, "mouse", person);
        await next(page, "mouse");
      }
      await onStep(page, stepBySlug("dob")!);
      // The progress bar eases from one step's width to the next over one second.
      const fill = page.locator(".progress__fill");
      expect(await fill.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("1s");
      const best = stepBySlug("besttimecontact")!;
      await page.goto(`${baseURL}${best.path}`);
      await onStep(page, best);
      await expectThumbFriendly(page, PHONE, best.slug);
      expect(await page.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/cellphone");
      await page.getByRole("radio", { name: "Evening", exact: true }).click();
      // Scrolled down to the badges at the foot (on a short window, so there is a foot to scroll to): the
      // next screen still opens at its top.
      await page.setViewportSize({ width: PHONE.width, height: 360 });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await next(page, "mouse");
      await onStep(page, stepBySlug("dob")!);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await savedContact(page)).toMatchObject({ contact_time: "EVENING" });
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it("shows the spec's messages: nothing chosen, a refused phone number", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: DESKTOP });
    await closeSuggestionsBeforeActions(page);
    await startFunnel(page);
    await next(page, "mouse");
    await poll(() => page.getByText(MESSAGES.firstNameRequired).isVisible()).toBe(true);
    expect(await field(page, "First Name").getAttribute("aria-invalid")).toBe("true");
    await poll(() => isFocused(field(page, "First Name"))).toBe(true);
    const person = newPerson();
    for (const slug of ["lgname", "email"]) {
      await ANSWERS[slug]!(page, "mouse", person);
      await next(page, "mouse");
    }
    await onStep(page, stepBySlug("cellphone")!);
    // 212-555-0142 is a number of fiction: the pattern passes, the server refuses it (422).
    await fill(page, "mouse", "Cell Phone Number", "2125550142");
    await next(page, "mouse");
    await poll(() => page.getByText(MESSAGES.phoneRefused).isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseURL}/cellphone`);
    await fill(page, "mouse", "Cell Phone Number", person.cellPhone);
    await next(page, "mouse");
    await onStep(page, stepBySlug("dob")!);
    // A choice screen with no preselected answer refuses an empty answer, on the radio group.
    await page.goto(`${baseURL}/incomesource`);
    await onStep(page, stepBySlug("incomesource")!);
    await next(page, "mouse");
    await poll(() => page.getByText(MESSAGES.chooseAnswer).isVisible()).toBe(true);
    expect(await page.getByRole("radiogroup").getAttribute("aria-invalid")).toBe("true");
    expect(page.url()).toBe(`${baseURL}/incomesource`);
    expect(problems.filter((p) => !p.includes("422"))).toEqual([]);
    await context.close();
  });

  it("sends a visitor without a lead back to the quick start", async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${baseURL}/dob`);
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole("button", { name: "REQUEST NOW" }).waitFor();
    // A lead id this browser holds no cookie for is no lead either.
    await page.evaluate(() => sessionStorage.setItem("lead_id", "not-a-lead-of-mine"));
    await page.goto(`${baseURL}/address`);
    await page.waitForURL(`${baseURL}/`);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });

  it("fetches each screen's code before it is needed: the first while the quick start is filled in", async () => {
    const { context, page } = await openPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".js")) scripts.push(pathname);
    });
    await page.goto(`${baseURL}/`);
    // Not with the landing page itself: once the visitor reaches the quick start (decision 0024). The
    // first screen's own module (routes/legal-name.tsx) is named after it by the build.
    await page.getByLabel("Your Zip Code").click();
    await poll(() => scripts.some((path) => /\/legal-name-[\w-]+\.js$/.test(path))).toBe(true);
    // On the legal name screen, the e-mail screen's module arrives before Next is pressed.
    await startFunnel(page);
    await poll(() => scripts.some((path) => /\/email-[\w-]+\.js$/.test(path))).toBe(true);
    await context.close();
  });

  it("answers 200 for every step and page after it, and 404 inside the site layout for a mistyped one", async () => {
    for (const path of [...STEPS.map((step) => step.path), ...LENDER_CONNECTION_PATHS, ...REDIRECT_PAGE_PATHS]) {
      expect((await fetch(`${baseURL}${path}`)).status, path).toBe(200);
    }
    for (const path of ["/mapping-lenders", "/lgname/2", "/apply"]) {
      expect((await fetch(`${baseURL}${path}`)).status, path).toBe(404);
    }
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${baseURL}/mapping-lenders`);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });
});
