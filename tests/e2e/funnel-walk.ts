import { randomBytes, randomInt } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { localToday } from "../../src/domain/calendar-date.ts";
import { allowedNextPayDates } from "../../src/domain/pay-dates.ts";
import { MAIN_STEPS } from "../../src/domain/steps/main-steps.ts";
import type { Step } from "../../src/domain/steps/step.ts";
import { progressPercent, stepTitle } from "../../src/domain/steps/step-table.ts";
import { seriousA11yViolations } from "./browser.ts";

// What the funnel's end-to-end tests share: where the server is, how a screen is waited for, how a field
// is filled by mouse or keyboard alone, and a good answer for every main screen.
export const baseURL = inject("baseURL");

/** The spec's small phone, where every Next button must show without scrolling. */
export const PHONE = { width: 375, height: 667 };
export const DESKTOP = { width: 1280, height: 800 };
export const LONG = 240_000;

/** expect.poll with room for a busy machine (its default gives up after one second). */
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

export const FIRST_NAME = "Ana";
export const PAY_DATE = allowedNextPayDates(localToday(new Date()))[1] as string;
const ROUTING = "021000021";

/**
 * Who a walk applies as. The run's one server takes applications from every file running beside this one, and
 * the same e-mail, phone or SSN within the duplicate window is rejected at once, never offered to a lender
 * (docs/product/lender-network.md#duplicates): each walk is a person of its own unless a test means the same
 * person on purpose (lender.e2e.ts applies twice as one).
 */
export type Person = { email: string; cellPhone: string; ssn: string };

// People are numbered in turn from a random start, not drawn at random (as src/server/distribution/auction/auction.testing.ts
// does): a draw per person would collide now and then, while one random start per file leaves files a few
// numbers each out of millions. The e-mail carries a random tag of the file's own besides.
const PEOPLE = 7_000_000;
let personSerial = randomInt(PEOPLE);
const emailTag = randomBytes(4).toString("hex");
// Exchanges a phone step takes: not starting with 0 or 1, no N11 code, and not 555, whose 0100 to 0199 is
// fiction (docs/decisions/0007-domain-readings.md).
const EXCHANGES = Array.from({ length: 800 }, (_, i) => String(200 + i)).filter(
  (exchange) => !/^\d11$/.test(exchange) && exchange !== "555",
);

export function newPerson(): Person {
  const n = personSerial++ % PEOPLE;
  const line = String(n % 10_000).padStart(4, "0");
  // An SSN the SSA issues (src/domain/ssn.ts): area 100 to 599, so never 000, 666 or 9xx; group and serial never 0.
  const serial = String((n % 9_999) + 1).padStart(4, "0");
  const group = String((Math.floor(n / 9_999) % 99) + 1).padStart(2, "0");
  const area = String(100 + (Math.floor(n / (9_999 * 99)) % 500));
  return {
    email: `ana.rivera+${emailTag}.${n}@example.com`,
    cellPhone: `415${EXCHANGES[Math.floor(n / 10_000) % EXCHANGES.length]}${line}`,
    ssn: `${area}-${group}-${serial}`,
  };
}

/** A phone as the funnel's mask shows it: (415)-736-4100. */
export const maskedPhone = (digits: string) => `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`;
/** An SSN as the server answers it, all but its last four digits hidden. */
export const maskedSsn = (ssn: string) => `***-**-${ssn.slice(-4)}`;

export type Mode = "mouse" | "keyboard";

export const heading = (page: Page) => page.getByRole("heading", { level: 1 });
export const nextButton = (page: Page) => page.locator("form button[type=submit]");
/** A field of the screen's form by its label (the form and the screen are named by the title too). */
export const field = (page: Page, label: string) => page.locator("form").getByLabel(label, { exact: true });
export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/**
 * The quick start with its preselected amount and reason and the zip 90210, by mouse or keyboard alone;
 * `base` is another server's address for a test that runs its own.
 */
/**
 * For a walk that never picks a suggestion: a field's suggestions open 300 ms after it was filled
 * (docs/product/validation.md, suggestions); on a busy machine that can be while Next is being clicked,
 * and at 375 px the list covers it, as it would a visitor's tap. Before each action, Escape closes an open
 * list and keeps the text (src/web/ui/forms/combobox-field.tsx). funnel-suggestions.e2e.ts is
 * where suggestions are tried, without this.
 */
export async function closeSuggestionsBeforeActions(page: Page) {
  await page.addLocatorHandler(page.locator(".combobox__list:not(.combobox__list--closed)"), () =>
    page.keyboard.press("Escape"),
  );
}

export async function startFunnel(page: Page, mode: Mode = "mouse", base = baseURL) {
  await page.goto(`${base}/start`);
  const zip = page.getByLabel("Your Zip Code");
  const requestNow = page.getByRole("button", { name: "REQUEST NOW" });
  if (mode === "mouse") await zip.fill("90210");
  else {
    await tabTo(page, zip);
    await page.keyboard.type("90210");
  }
  await poll(() => page.getByText("Beverly Hills, CA").first().isVisible()).toBe(true);
  if (mode === "mouse") await requestNow.click();
  else {
    await tabTo(page, requestNow);
    await page.keyboard.press("Enter");
  }
  await page.waitForURL(`${base}/lgname`);
}

/** Presses Tab until `target` has focus (keyboard only: no click, no focus() call). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Waits for a screen: its address, its title (focused, so a screen reader announces it) and its progress. */
export async function onStep(page: Page, step: Step, base = baseURL) {
  await page.waitForURL(`${base}${step.path}`);
  await poll(() => heading(page).textContent()).toBe(stepTitle(step, { firstName: FIRST_NAME }));
  await poll(() => isFocused(heading(page))).toBe(true);
  expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe(
    String(progressPercent(step.indicator)),
  );
}

export async function fill(page: Page, mode: Mode, label: string, value: string) {
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

export async function next(page: Page, mode: Mode) {
  const onEmail = new URL(page.url()).pathname === "/email";
  if (mode === "mouse") await nextButton(page).click();
  else {
    await tabTo(page, nextButton(page));
    await page.keyboard.press("Enter");
  }
  if (onEmail) await confirmNewEmail(page, mode);
}

/** A valid new e-mail is shown back in a pop-up before it is saved: Confirm it (its button has focus). */
async function confirmNewEmail(page: Page, mode: Mode) {
  const dialog = page.getByRole("alertdialog", { name: "Is your e-mail address right?" });
  const settled = async () =>
    (await dialog.isVisible()) ||
    new URL(page.url()).pathname !== "/email" ||
    (await page.locator("[aria-invalid=true]").count()) > 0;
  await poll(settled).toBe(true);
  if (!(await dialog.isVisible())) return;
  const confirm = dialog.getByRole("button", { name: "Confirm" });
  if (mode === "mouse") return confirm.click();
  await poll(() => isFocused(confirm)).toBe(true);
  await page.keyboard.press("Enter");
}

/** The submit screen's Request Cash, a link styled as the screen's button. */
export async function requestCash(page: Page, mode: Mode) {
  const link = page.getByRole("link", { name: "Request Cash" });
  if (mode === "mouse") return link.click();
  await tabTo(page, link);
  await page.keyboard.press("Enter");
}

/**
 * The controls of the screen smaller than 44 x 44 px, the thumb's target the funnel is built to. Links
 * inside a sentence (the consent text, its pop-up buttons) are exempt, as WCAG 2.5.8 exempts inline
 * targets; text inputs and selects are measured by their height, as they span the card.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "main :is(form, .step) :is(button, input, select, textarea, a, [role=radio], [role=gridcell] button, [tabindex]):not([type=hidden], [tabindex^='-'])",
    );
    for (const control of controls) {
      // A link or link-like button inside a sentence is an inline target.
      if (control.closest("p, li") && control.matches("a, button")) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const textLike = control.matches("input:not([type=radio], [type=checkbox]), select, textarea");
      if (box.height < 44 || (!textLike && box.width < 44)) {
        small.push(
          `${control.tagName.toLowerCase()} "${control.getAttribute("aria-label") ?? control.textContent?.trim() ?? ""}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/**
 * What every screen owes a visitor on a phone: its button (Next, or the submit screen's Request Cash) in
 * view without scrolling, no control under 44 px, and no serious or critical axe finding.
 */
export async function expectThumbFriendly(page: Page, viewport: { height: number }, label: string) {
  const box = await page.locator("main .step__next").boundingBox();
  expect(box, label).not.toBeNull();
  expect(box!.y + box!.height, `${label}: its button is below the fold`).toBeLessThanOrEqual(viewport.height);
  expect(await smallTapTargets(page), label).toEqual([]);
  expect(await seriousA11yViolations(page), label).toEqual([]);
}

/** Good answers for every main screen as `person`, by slug. Screens not listed keep their preselected answer. */
export const ANSWERS: Record<string, (page: Page, mode: Mode, person: Person) => Promise<unknown>> = {
  lgname: async (page, mode) => {
    await fill(page, mode, "First Name", FIRST_NAME);
    await fill(page, mode, "Last Name", "Rivera");
  },
  email: (page, mode, person) => fill(page, mode, "E-mail Address", person.email),
  cellphone: (page, mode, person) => fill(page, mode, "Cell Phone Number", person.cellPhone),
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
    const day = page.locator(`[role=grid] [data-date="${PAY_DATE}"]`);
    if (mode === "mouse") {
      if (!(await day.isVisible())) await page.getByRole("button", { name: "Next month" }).click();
      return day.click();
    }
    // The calendar's one Tab stop is its first weekday; the arrow keys walk on to the pay date.
    await tabTo(page, page.locator("[role=grid] [tabindex='0']"));
    const focusedDate = () => page.evaluate(() => document.activeElement?.getAttribute("data-date"));
    for (let i = 0; i < 5 && (await focusedDate()) !== PAY_DATE; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await poll(() => day.getAttribute("aria-selected")).toBe("true");
  },
  empinfor: async (page, mode) => {
    await fill(page, mode, "Employer Name", "Acme Corporation");
    await fill(page, mode, "Job Title", "Office Manager");
  },
  workphone: (page, mode) => fill(page, mode, "Work Phone Number", "3107364200"),
  deposit: (page, mode) => choose(page, mode, "Yes, electronic deposit"),
  aba: async (page, mode) => {
    await fill(page, mode, "Routing Number", ROUTING);
    // The bank the lookup names shows under the number; no Bank Name field is asked.
    await poll(() => page.getByText("Bank: JPMORGAN CHASE").isVisible()).toBe(true);
  },
  bankaccount: (page, mode) => fill(page, mode, "Bank Account Number", "12345678"),
  driverid: async (page, mode) => {
    await fill(page, mode, "Driver's License / State ID Number", "D1234567");
    // The state of the address is chosen to start with.
    expect(await field(page, "Issuing State").inputValue()).toBe("California");
  },
  owncar: (page, mode) => choose(page, mode, "Yes"),
  creditscore: (page, mode) => choose(page, mode, "Good (680-719)"),
  ssn: (page, mode, person) => fill(page, mode, "Social Security Number", person.ssn),
};

export async function savedContact(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const id = sessionStorage.getItem("lead_id");
    const response = await fetch(`/api/personal_loan/lead/v2/${id}`);
    return ((await response.json()) as { data: { contact: Record<string, unknown> } }).data.contact;
  });
}

/** Quick start, legal name and e-mail (which creates the lead): the visitor lands on the cell phone screen. */
export async function startLead(page: Page, person: Person = newPerson()) {
  await closeSuggestionsBeforeActions(page);
  await startFunnel(page);
  await ANSWERS.lgname!(page, "mouse", person);
  await next(page, "mouse");
  await page.waitForURL(`${baseURL}/email`);
  await ANSWERS.email!(page, "mouse", person);
  await next(page, "mouse");
  await page.waitForURL(`${baseURL}/cellphone`);
}

/**
 * A whole application as `person`, from the quick start to the lender connection screen. An application decided
 * as it is sent (a duplicate) may have left that screen before it can be read: with `decidedAtOnce` the walk ends
 * at the Request Cash click, and the caller checks where the visitor went.
 */
export async function applyAs(page: Page, person: Person, base = baseURL, { decidedAtOnce = false } = {}) {
  await closeSuggestionsBeforeActions(page);
  await startFunnel(page, "mouse", base);
  for (const step of MAIN_STEPS) {
    await onStep(page, step, base);
    await ANSWERS[step.slug]?.(page, "mouse", person);
    await next(page, "mouse");
  }
  await page.waitForURL(`${base}/requestcash`);
  await page.getByRole("link", { name: "Request Cash" }).click();
  if (decidedAtOnce) return;
  await page.waitForURL(`${base}/mapping-lender`);
  await poll(() => heading(page).textContent()).toBe("Please do not close this window");
}
