import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { localToday } from "../../src/domain/calendar-date.ts";
import { UNBUILT_PAGE_PATHS } from "../../src/domain/client-routes.ts";
import { MESSAGES } from "../../src/domain/messages.ts";
import { allowedNextPayDates, secondPayDate } from "../../src/domain/pay-dates.ts";
import { MAIN_STEPS } from "../../src/domain/steps/main-steps.ts";
import type { Step } from "../../src/domain/steps/step.ts";
import { progressPercent, STEPS, stepBySlug, stepTitle } from "../../src/domain/steps/step-table.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";

// The application funnel against the real server and its embedded database: quick start, every main step
// with good answers, the submit screen. Each test makes its own lead; nothing waits on a clock, only on
// elements and addresses.
const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The spec's small phone, where every Next button must show without scrolling. */
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };
const LONG = 240_000;

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

const FIRST_NAME = "Ana";
const PAY_DATE = allowedNextPayDates(localToday(new Date()))[1] as string;
const ROUTING = "021000021";

let emails = 0;
const newEmail = () => `ana.rivera+${Date.now()}-${++emails}@example.com`;

type Mode = "mouse" | "keyboard";

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const nextButton = (page: Page) => page.locator("form button[type=submit]");
/** A field of the screen's form by its label (the form and the screen are named by the title too). */
const field = (page: Page, label: string) => page.locator("form").getByLabel(label, { exact: true });
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function startFunnel(page: Page) {
  await page.goto(`${baseURL}/start`);
  await page.getByLabel("Your Zip Code").fill("90210");
  await poll(() => page.getByText("Beverly Hills, CA").first().isVisible()).toBe(true);
  await page.getByRole("button", { name: "REQUEST NOW" }).click();
  await page.waitForURL(`${baseURL}/lgname`);
}

/** Presses Tab until `target` has focus (keyboard only: no click, no focus() call). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 25; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Waits for a screen: its address, its title (focused, so a screen reader announces it) and its progress. */
async function onStep(page: Page, step: Step) {
  await page.waitForURL(`${baseURL}${step.path}`);
  await poll(() => heading(page).textContent()).toBe(stepTitle(step, { firstName: FIRST_NAME }));
  await poll(() => isFocused(heading(page))).toBe(true);
  expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe(
    String(progressPercent(step.indicator)),
  );
}

async function fill(page: Page, mode: Mode, label: string, value: string) {
  const input = field(page, label);
  if (mode === "mouse") return input.fill(value);
  await tabTo(page, input);
  await page.keyboard.type(value);
}

async function choose(page: Page, mode: Mode, label: string) {
  const radio = page.getByRole("radio", { name: label, exact: true });
  if (mode === "mouse") return radio.click();
  // One Tab stop for the group, then arrow keys until the answer is chosen.
  await tabTo(page, page.locator("[role=radio][tabindex='0']"));
  for (let i = 0; i < 12 && (await radio.getAttribute("aria-checked")) !== "true"; i++) {
    await page.keyboard.press("ArrowDown");
  }
  expect(await radio.getAttribute("aria-checked")).toBe("true");
}

async function pick(page: Page, mode: Mode, label: string, option: { value: string; label: string }) {
  const select = field(page, label);
  await poll(() => select.isEnabled()).toBe(true);
  if (mode === "mouse") return select.selectOption(option.value);
  await tabTo(page, select);
  // A closed <select> chooses by typing its option's text.
  await page.keyboard.type(option.label);
  await poll(() => select.inputValue()).toBe(option.value);
}

async function next(page: Page, mode: Mode) {
  if (mode === "mouse") return nextButton(page).click();
  await tabTo(page, nextButton(page));
  await page.keyboard.press("Enter");
}

/** Good answers for every main screen, by slug. Screens not listed keep their preselected answer. */
const ANSWERS: Record<string, (page: Page, mode: Mode) => Promise<unknown>> = {
  lgname: async (page, mode) => {
    await fill(page, mode, "First Name", FIRST_NAME);
    await fill(page, mode, "Last Name", "Rivera");
  },
  email: (page, mode) => fill(page, mode, "E-mail Address", newEmail()),
  cellphone: (page, mode) => fill(page, mode, "Cell Phone Number", "2127364100"),
  dob: async (page, mode) => {
    await pick(page, mode, "Month", { value: "03", label: "March" });
    await pick(page, mode, "Day", { value: "14", label: "14" });
    await pick(page, mode, "Year", { value: "1990", label: "1990" });
  },
  address: async (page, mode) => {
    // The quick start's zip is already there, with its city and state.
    expect(await field(page, "Zip Code").inputValue()).toBe("90210");
    await poll(() => page.getByText("Beverly Hills, CA").isVisible()).toBe(true);
    await fill(page, mode, "Street Address", "350 N Crescent Dr");
  },
  incomesource: (page, mode) => choose(page, mode, "Employed"),
  emptime: (page, mode) => choose(page, mode, "1 - 3 years"),
  unsecureddebtamount: (page, mode) => choose(page, mode, "None"),
  payfreequency: (page, mode) => choose(page, mode, "Every other week"),
  grossincome: (page, mode) => choose(page, mode, "$2,501 - $3,500"),
  nextpaydate: async (page, mode) => {
    const input = field(page, "Next Pay Date");
    if (mode === "mouse") return input.fill(PAY_DATE);
    await tabTo(page, input);
    // The date picker's fields take month, day and year as digits (en-US).
    const [year, month, day] = PAY_DATE.split("-");
    await page.keyboard.type(`${month}${day}${year}`);
    await poll(() => input.inputValue()).toBe(PAY_DATE);
  },
  empinfor: async (page, mode) => {
    await fill(page, mode, "Employer Name", "Acme Corporation");
    await fill(page, mode, "Job Title", "Office Manager");
  },
  workphone: (page, mode) => fill(page, mode, "Work Phone Number", "3107364200"),
  deposit: (page, mode) => choose(page, mode, "Yes, electronic deposit"),
  aba: async (page, mode) => {
    await fill(page, mode, "Routing Number", ROUTING);
    await poll(() => field(page, "Bank Name").inputValue()).toBe("JPMORGAN CHASE");
  },
  bankaccount: (page, mode) => fill(page, mode, "Bank Account Number", "12345678"),
  driverid: async (page, mode) => {
    await fill(page, mode, "Driver's License / State ID Number", "D1234567");
    // The state of the address is chosen to start with.
    expect(await field(page, "Issuing State").inputValue()).toBe("CA");
  },
  owncar: (page, mode) => choose(page, mode, "Yes"),
  creditscore: (page, mode) => choose(page, mode, "Good (680-719)"),
  ssn: (page, mode) => fill(page, mode, "Social Security Number", "123-45-6789"),
};

async function savedContact(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const id = sessionStorage.getItem("lead_id");
    const response = await fetch(`/api/personal_loan/lead/v2/${id}`);
    return ((await response.json()) as { data: { contact: Record<string, unknown> } }).data.contact;
  });
}

/** Quick start, then every main screen with good answers, checking each one on the way. */
async function walkFunnel(page: Page, mode: Mode, viewport: { width: number; height: number }) {
  await startFunnel(page);
  // A mark on the window survives only client navigation: it shows no step reloads the page.
  await page.evaluate(() => Object.assign(window, { funnelMark: true }));
  for (const step of MAIN_STEPS) {
    await onStep(page, step);
    // Every screen's Next shows without scrolling, even on a small phone.
    const box = await nextButton(page).boundingBox();
    expect(box, step.slug).not.toBeNull();
    expect(box!.y + box!.height, `${step.slug}: Next below the fold`).toBeLessThanOrEqual(viewport.height);
    expect(await seriousA11yViolations(page), step.slug).toEqual([]);
    await ANSWERS[step.slug]?.(page, mode);
    await next(page, mode);
  }
  const submit = stepBySlug("requestcash")!;
  await onStep(page, submit);
  expect(await page.getByRole("link", { name: "Request Cash" }).getAttribute("href")).toBe("/mapping-lender");
  expect(await page.evaluate(() => (window as { funnelMark?: boolean }).funnelMark)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

function expectCompleteLead(contact: Record<string, unknown>) {
  expect(contact).toMatchObject({
    first_name: FIRST_NAME,
    last_name: "Rivera",
    loan_amount: 500,
    loan_reason: "DEBT_CONSOLIDATION",
    home_phone: "2127364100",
    cell_phone: "2127364100",
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
    ssn: "***-**-6789",
  });
  // Sensitive answers are saved and only ever answered as masks.
  expect(contact.dob).toBe("****-**-**");
  expect(contact.bank_aba).toBe("*********");
  expect(contact.drivers_license_number).toBe("********");
}

describe("application funnel", () => {
  it(
    "goes from the quick start through every main step to /requestcash on a 375 px phone, keyboard only",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      await walkFunnel(page, "keyboard", PHONE);
      expectCompleteLead(await savedContact(page));
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    "goes through every main step at 1280 px with the mouse",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: DESKTOP });
      await walkFunnel(page, "mouse", DESKTOP);
      expectCompleteLead(await savedContact(page));
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    "keeps the place and the answers through a reload, and back links lead to the answered screens",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      await startFunnel(page);
      for (const slug of ["lgname", "email", "cellphone"]) {
        await ANSWERS[slug]!(page, "mouse");
        await next(page, "mouse");
      }
      const dob = stepBySlug("dob")!;
      await onStep(page, dob);
      await page.reload();
      await onStep(page, dob);
      // Back to the phone screen, which shows the saved number; back again to the e-mail and the name.
      await page.getByRole("link", { name: "Back" }).click();
      await onStep(page, stepBySlug("cellphone")!);
      await poll(() => field(page, "Cell Phone Number").inputValue()).toBe("2127364100");
      await page.getByRole("link", { name: "Back" }).click();
      await onStep(page, stepBySlug("email")!);
      expect(await field(page, "E-mail Address").inputValue()).toMatch(/^ana\.rivera\+/);
      await page.getByRole("link", { name: "Back" }).click();
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

  it("shows the spec's messages: nothing chosen, a refused phone number", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: DESKTOP });
    await startFunnel(page);
    await next(page, "mouse");
    await poll(() => page.getByText(MESSAGES.firstNameRequired).isVisible()).toBe(true);
    expect(await field(page, "First Name").getAttribute("aria-invalid")).toBe("true");
    await poll(() => isFocused(field(page, "First Name"))).toBe(true);
    for (const slug of ["lgname", "email"]) {
      await ANSWERS[slug]!(page, "mouse");
      await next(page, "mouse");
    }
    await onStep(page, stepBySlug("cellphone")!);
    // 212-555-0142 is a number of fiction: the pattern passes, the server refuses it (422).
    await fill(page, "mouse", "Cell Phone Number", "2125550142");
    await next(page, "mouse");
    await poll(() => page.getByText(MESSAGES.phoneRefused).isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseURL}/cellphone`);
    await fill(page, "mouse", "Cell Phone Number", "2127364100");
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

  it("fetches the funnel's code while the quick start is being filled in", async () => {
    const { context, page } = await openPage(browser);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseURL}/`);
    await poll(() => scripts.some((path) => path.includes("funnel-page"))).toBe(true);
    await context.close();
  });

  it("answers 200 for every step and 404, inside the site layout, for the pages not built yet", async () => {
    for (const step of STEPS) expect((await fetch(`${baseURL}${step.path}`)).status, step.path).toBe(200);
    for (const path of UNBUILT_PAGE_PATHS) expect((await fetch(`${baseURL}${path}`)).status, path).toBe(404);
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${baseURL}/mapping-lender`);
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });
});
