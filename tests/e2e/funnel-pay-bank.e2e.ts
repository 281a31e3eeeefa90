import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, isWeekend, localToday, parseIsoDate, toIsoDate } from "../../src/domain/calendar-date.ts";
import { MESSAGES } from "../../src/domain/messages.ts";
import { allowedNextPayDates, PAY_DATE_WINDOW_DAYS, secondPayDate } from "../../src/domain/pay-dates.ts";
import { CHECKING_CONFIRMATION } from "../../src/domain/steps/bank-type-confirmation.ts";
import { dateInWords } from "../../src/web/funnel/fields/calendar-month.ts";
import { launchBrowser, openPage, seriousA11yViolations, textContrast } from "./browser.ts";
import { baseURL, field, heading, isFocused, nextButton, PHONE, poll, savedContact, startLead } from "./funnel-walk.ts";

// The pay-date calendar, the bank account type pop-up, the work phone's check while typing and the masked
// phone, against the real server on a 375 px phone. Each test makes its own lead through the first
// screens; nothing waits on a clock, only on elements, addresses and saved answers.
const CELL = "2127364100";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const focusedDate = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-date") ?? null);

/** Opens a screen of the funnel directly (the lead is kept in session storage and its cookie). */
async function openStep(page: Page, path: string, title: string) {
  await page.goto(`${baseURL}${path}`);
  await poll(() => heading(page).textContent()).toBe(title);
}

async function saveCellPhone(page: Page) {
  const input = field(page, "Cell Phone Number");
  await input.click();
  await page.keyboard.type(CELL);
  await poll(() => input.inputValue()).toBe("(212)-736-4100");
  expect(await input.getAttribute("inputmode")).toBe("tel");
  await nextButton(page).click();
  await page.waitForURL(`${baseURL}/dob`);
}

describe("pay date, bank account type, work phone and masks", () => {
  it("types the cell phone through its mask and saves its digits; the work phone says it is the same without Next", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    await saveCellPhone(page);
    expect(await savedContact(page)).toMatchObject({ cell_phone: CELL, home_phone: CELL });

    await openStep(page, "/workphone", "Work Phone");
    const steps: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().endsWith("/step")) steps.push(request.url());
    });
    const work = field(page, "Work Phone Number");
    await work.click();
    await page.keyboard.type(CELL);
    await poll(() => work.inputValue()).toBe("(212)-736-4100");
    await poll(() => page.getByText(MESSAGES.workPhoneSameAsCell).isVisible()).toBe(true);
    expect(await work.getAttribute("aria-invalid")).toBe("true");
    // A different number clears it once typing stops.
    await page.keyboard.press("Backspace");
    await page.keyboard.type("9");
    await poll(() => page.getByText(MESSAGES.workPhoneSameAsCell).count()).toBe(0);
    expect(steps).toEqual([]);
    expect(page.url()).toBe(`${baseURL}/workphone`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("drops the country code of a phone pasted or typed with it", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await startLead(page);
    const cell = field(page, "Cell Phone Number");
    await cell.click();
    // A real paste of the number as people copy it: the input takes all 17 characters, the mask keeps ten digits.
    await page.evaluate(() => navigator.clipboard.writeText("+1 (212) 736-4100"));
    await page.keyboard.press("ControlOrMeta+V");
    await poll(() => cell.inputValue()).toBe("(212)-736-4100");
    expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await nextButton(page).click();
    await page.waitForURL(`${baseURL}/dob`);
    expect(await savedContact(page)).toMatchObject({ cell_phone: CELL });

    // Typed with its leading 1, key by key.
    await openStep(page, "/workphone", "Work Phone");
    const work = field(page, "Work Phone Number");
    await work.click();
    await page.keyboard.type("1 310 736 4200");
    await poll(() => work.inputValue()).toBe("(310)-736-4200");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("picks a pay date with the keyboard only; a weekend can be reached but not chosen", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    await openStep(page, "/payfreequency", "Pay Frequency");
    await page.getByRole("radio", { name: "Every other week", exact: true }).click();
    await nextButton(page).click();
    await page.waitForURL(`${baseURL}/grossincome`);

    await openStep(page, "/nextpaydate", "Next Pay Date");
    const today = localToday(new Date());
    const window = Array.from({ length: PAY_DATE_WINDOW_DAYS + 1 }, (_, i) => addDays(today, i));
    // The grid's Tab stop is the first day that can be chosen; the first weekend after it, then the payday after that.
    const allowed = allowedNextPayDates(today);
    const weekend = window.map(toIsoDate).find((d) => d > allowed[0]! && isWeekend(parseIsoDate(d)!))!;
    const payDate = allowed.find((d) => d > weekend)!;

    // Fits the phone: no sideways scrolling, every day a 44 px target, Next without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await page.locator("[role=grid] td[data-date]").first().boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    const next = await nextButton(page).boundingBox();
    expect(next!.y + next!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Tab to the grid's one stop, then only arrow keys.
    for (let i = 0; i < 25 && (await focusedDate(page)) === null; i++) await page.keyboard.press("Tab");
    for (let i = 0; i < 10 && (await focusedDate(page)) !== weekend; i++) await page.keyboard.press("ArrowRight");
    expect(await focusedDate(page)).toBe(weekend);
    const weekendDay = page.locator(`[data-date="${weekend}"]`);
    expect(await weekendDay.getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Enter");
    await page.keyboard.press(" ");
    expect(await weekendDay.getAttribute("aria-selected")).toBe("false");
    expect(await page.getByText(/^Chosen:/).count()).toBe(0);

    for (let i = 0; i < 3 && (await focusedDate(page)) !== payDate; i++) await page.keyboard.press("ArrowRight");
    expect(await focusedDate(page)).toBe(payDate);
    await page.keyboard.press("Enter");
    await poll(() => page.getByText(`Chosen: ${dateInWords(payDate)}`).isVisible()).toBe(true);
    expect(await page.locator(`[data-date="${payDate}"]`).getAttribute("aria-selected")).toBe("true");

    for (let i = 0; i < 60 && !(await nextButton(page).evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/empinfor`);
    expect(await savedContact(page)).toMatchObject({
      income_next_date_1: payDate,
      income_next_date_2: secondPayDate(payDate, "BIWEEKLY"),
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the chosen day, and any day, at 4.5:1 or more when hovered, tapped or focused", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    // The browser's today pinned to Monday, November 9, 2026, so the shown month has days enough to choose.
    await page.clock.setFixedTime(new Date("2026-11-09T12:00:00Z"));
    await openStep(page, "/nextpaydate", "Next Pay Date");
    const chosen = page.locator('[data-date="2026-11-10"]');
    const other = page.locator('[data-date="2026-11-12"]');
    // Tapped: the pointer rests on it and it keeps focus.
    await chosen.click();
    expect(await chosen.getAttribute("aria-selected")).toBe("true");
    expect(await textContrast(chosen)).toBeGreaterThanOrEqual(4.5);
    // Another day under the pointer, the chosen one still focused.
    await other.hover();
    expect(await textContrast(other)).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(chosen)).toBeGreaterThanOrEqual(4.5);
    // Focused from the keyboard, with a ring that shows on the chosen day's own colour.
    await page.mouse.move(0, 0);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await poll(() => isFocused(chosen)).toBe(true);
    expect(await textContrast(chosen)).toBeGreaterThanOrEqual(4.5);
    const ring = await chosen.evaluate((el) => {
      const style = getComputedStyle(el);
      return { outline: style.outlineStyle, shadow: style.boxShadow };
    });
    expect(ring.outline).toBe("solid");
    expect(ring.shadow).toContain("inset");
    await chosen.hover();
    expect(await textContrast(chosen)).toBeGreaterThanOrEqual(4.5);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("offers no bank holiday: Thanksgiving and Christmas are named and cannot be chosen", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    // The browser's today pinned to Wednesday, November 25, 2026: its window runs to Friday, December 25.
    await page.clock.setFixedTime(new Date("2026-11-25T12:00:00Z"));
    await openStep(page, "/nextpaydate", "Next Pay Date");
    await poll(() => page.getByRole("grid").getAttribute("aria-labelledby")).toBeTruthy();
    expect(await page.getByRole("grid").textContent()).toContain("Wednesday, November 25, 2026");

    const thanksgiving = page.locator('[data-date="2026-11-26"]');
    expect(await thanksgiving.getAttribute("aria-disabled")).toBe("true");
    expect(await thanksgiving.textContent()).toContain("Thursday, November 26, 2026, Thanksgiving Day");
    // A tap (Playwright waits for an aria-disabled element to be enabled unless forced), then Enter on it.
    await thanksgiving.click({ force: true });
    await thanksgiving.focus();
    await page.keyboard.press("Enter");
    expect(await thanksgiving.getAttribute("aria-selected")).toBe("false");
    expect(await page.getByText(/^Chosen:/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Next month" }).click();
    const christmas = page.locator('[data-date="2026-12-25"]');
    expect(await christmas.getAttribute("aria-disabled")).toBe("true");
    await christmas.click({ force: true });
    expect(await christmas.getAttribute("aria-selected")).toBe("false");
    expect(await page.getByText(/^Chosen:/).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks about Saving in a pop-up: changing to Checking or keeping Saving both send", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    const dialog = () => page.getByRole("alertdialog", { name: CHECKING_CONFIRMATION.question });

    await openStep(page, "/banktype", "Bank Account Type");
    await page.getByRole("radio", { name: "Saving", exact: true }).click();
    await nextButton(page).click();
    await dialog().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The suggested answer has focus.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(CHECKING_CONFIRMATION.changeLabel);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/banktime`);
    expect(await savedContact(page)).toMatchObject({ bank_account_type: "CHECKING" });

    await openStep(page, "/banktype", "Bank Account Type");
    await page.getByRole("radio", { name: "Saving", exact: true }).click();
    await nextButton(page).click();
    await dialog().waitFor();
    await page.getByRole("button", { name: CHECKING_CONFIRMATION.keepLabel }).click();
    await page.waitForURL(`${baseURL}/banktime`);
    expect(await savedContact(page)).toMatchObject({ bank_account_type: "SAVING" });
    expect(problems).toEqual([]);
    await context.close();
  });
});
