import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/domain/messages.ts";
import { stepByPath, stepTitle } from "../../src/domain/steps/step-table.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { baseURL, field, FIRST_NAME, heading, LONG, nextButton, PHONE, poll, startLead } from "./funnel-walk.ts";

// Every message of docs/product/validation.md that a visitor can meet on a funnel screen, shown in the
// browser under its field, on a 375 px phone. Some cannot be met in a browser, and are the server tests'
// (src/server/intake/leads): a preselected answer (time at residence, bank account type) can never be missing; the
// calendar offers only weekdays of the next 30 days and clears a saved date that has gone stale, so the
// pay-date window message and the second pay date's are refusals of the server alone. The phone number the
// server refuses is funnel.e2e.ts's, the work phone that matches the cell phone funnel-pay-bank.e2e.ts's.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A routing number whose check digit is right but that no bank in the directory holds. */
function unknownRoutingNumber(): string {
  const directory = readFileSync("src/server/intake/lookups/data/routing-directory.generated.txt", "utf8");
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  for (let n = 0; n < 1000; n++) {
    const aba = `011000${String(n).padStart(3, "0")}`;
    const sum = [...aba].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
    if (sum % 10 === 0 && !directory.includes(aba)) return aba;
  }
  throw new Error("no unknown routing number found");
}

async function open(page: Page, path: string) {
  await page.goto(`${baseURL}${path}`);
  await poll(() => heading(page).textContent()).toBe(stepTitle(stepByPath(path)!, { firstName: FIRST_NAME }));
}

/** Presses Next and waits for every message, each shown once, the screen not left. */
async function expectMessages(page: Page, path: string, messages: string[]) {
  await nextButton(page).click();
  for (const message of messages) {
    await poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);
  }
  expect(page.url()).toBe(`${baseURL}${path}`);
}

async function typeInto(page: Page, label: string, text: string) {
  const input = field(page, label);
  await input.fill("");
  if (text) await input.pressSequentially(text);
}

describe("validation messages on the funnel's screens", () => {
  it(
    "shows each screen's messages for a missing or wrong answer",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      await startLead(page);

      await open(page, "/lgname");
      await typeInto(page, "First Name", "");
      await typeInto(page, "Last Name", "");
      await expectMessages(page, "/lgname", [MESSAGES.firstNameRequired, MESSAGES.lastNameRequired]);
      // Letters, spaces, hyphens, apostrophes and periods only: emoji and digits are refused.
      await typeInto(page, "First Name", "😀🚀");
      await typeInto(page, "Last Name", "R2-D2");
      await nextButton(page).click();
      await poll(() => page.getByText(MESSAGES.nameCharacters, { exact: true }).count()).toBe(2);
      expect(page.url()).toBe(`${baseURL}/lgname`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The amount is asked only of a visitor whose loan reason came with the address (an e-mail link).
      await page.evaluate(() => sessionStorage.setItem("loanReasonFromURL", "MEDICAL"));
      await open(page, "/lgname");
      await field(page, "Loan Amount").selectOption("");
      await expectMessages(page, "/lgname", [MESSAGES.loanAmountRequired]);
      await page.evaluate(() => sessionStorage.removeItem("loanReasonFromURL"));

      await open(page, "/email");
      await typeInto(page, "E-mail Address", "");
      await expectMessages(page, "/email", [MESSAGES.emailRequired]);
      await typeInto(page, "E-mail Address", "ana.rivera@example");
      await expectMessages(page, "/email", [MESSAGES.emailInvalid]);

      await open(page, "/cellphone");
      await typeInto(page, "Cell Phone Number", "");
      await expectMessages(page, "/cellphone", [MESSAGES.phoneRequired]);
      // An area code cannot start with 0 (a leading 1 is the country code, dropped as it is typed).
      await typeInto(page, "Cell Phone Number", "0127364100");
      await expectMessages(page, "/cellphone", [MESSAGES.phoneInvalid]);

      // The browser's today pinned to Thursday, November 26, 2026 from here on, for the birth years.
      await page.clock.setFixedTime(new Date("2026-11-26T12:00:00Z"));
      await open(page, "/dob");
      await expectMessages(page, "/dob", [MESSAGES.monthRequired, MESSAGES.dayRequired, MESSAGES.yearRequired]);
      await field(page, "Month").selectOption("12");
      await field(page, "Day").selectOption("31");
      // The years start at 2008, the latest year an 18-year-old can be born in: one born on its last day is
      // 17 until then.
      const years = await field(page, "Year").locator("option").allTextContents();
      expect(years.slice(1, 3)).toEqual(["2008", "2007"]);
      expect(years.at(-1)).toBe("1927");
      await field(page, "Year").selectOption({ index: 1 });
      await expectMessages(page, "/dob", [MESSAGES.underage]);

      await open(page, "/address");
      await typeInto(page, "Street Address", "");
      await expectMessages(page, "/address", [MESSAGES.streetRequired]);
      await typeInto(page, "Street Address", "12 Main St; DROP");
      await expectMessages(page, "/address", [MESSAGES.streetCharacters]);
      await typeInto(page, "Street Address", "12 Main St");
      await typeInto(page, "Zip Code", "00000");
      await expectMessages(page, "/address", [MESSAGES.addressZipUnknown]);

      for (const [path, message] of [
        ["/incomesource", MESSAGES.chooseAnswer],
        ["/unsecureddebtamount", MESSAGES.selectOne],
        ["/deposit", MESSAGES.chooseAnswerBang],
        ["/owncar", MESSAGES.selectOne],
        ["/creditscore", MESSAGES.selectOne],
        ["/nextpaydate", MESSAGES.chooseAnswer],
      ] as const) {
        await open(page, path);
        await expectMessages(page, path, [message]);
      }

      await open(page, "/empinfor");
      await expectMessages(page, "/empinfor", [MESSAGES.employerRequired, MESSAGES.jobTitleRequired]);

      await open(page, "/workphone");
      await expectMessages(page, "/workphone", [MESSAGES.phoneRequired]);
      await typeInto(page, "Work Phone Number", "31073");
      await expectMessages(page, "/workphone", [MESSAGES.workPhoneDigits]);
      await typeInto(page, "Work Phone Number", "0107364200");
      await expectMessages(page, "/workphone", [MESSAGES.phoneInvalid]);
      // A visitor whose home phone differs from the cell phone (an earlier lead update): the work phone may be
      // neither; the home one is named 300 ms after typing stops, before any Next.
      const homeSaved = await page.evaluate(async () => {
        const response = await fetch("/api/personal_loan/lead/v2", {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            lead_id: sessionStorage.getItem("lead_id"),
            cell_phone: "2127364100",
            home_phone: "7187364100",
          }),
        });
        return response.status;
      });
      expect(homeSaved).toBe(200);
      await open(page, "/workphone");
      await typeInto(page, "Work Phone Number", "7187364100");
      await poll(() => page.getByText(MESSAGES.workPhoneSameAsHome, { exact: true }).isVisible()).toBe(true);
      await expectMessages(page, "/workphone", [MESSAGES.workPhoneSameAsHome]);

      await open(page, "/aba");
      await expectMessages(page, "/aba", [MESSAGES.routingRequired]);
      await typeInto(page, "Routing Number", "12345");
      await expectMessages(page, "/aba", [MESSAGES.routingDigits]);
      await typeInto(page, "Routing Number", "123456789");
      await poll(() => page.getByText(MESSAGES.routingInvalid, { exact: true }).isVisible()).toBe(true);
      await expectMessages(page, "/aba", [MESSAGES.routingInvalid]);
      // A valid number no bank in the directory holds: the visitor types the bank's name.
      await typeInto(page, "Routing Number", unknownRoutingNumber());
      await poll(() => field(page, "Bank Name").isEditable()).toBe(true);
      await typeInto(page, "Bank Name", "");
      await expectMessages(page, "/aba", [MESSAGES.bankNameRequired]);

      await open(page, "/bankaccount");
      await expectMessages(page, "/bankaccount", [MESSAGES.bankAccountRequired]);
      await typeInto(page, "Bank Account Number", "123");
      await expectMessages(page, "/bankaccount", [MESSAGES.bankAccountMin]);

      await open(page, "/driverid");
      await expectMessages(page, "/driverid", [MESSAGES.licenseRequired]);
      await typeInto(page, "Driver's License / State ID Number", "D");
      await expectMessages(page, "/driverid", [MESSAGES.licenseMin]);
      await typeInto(page, "Driver's License / State ID Number", "D".repeat(26));
      await expectMessages(page, "/driverid", [MESSAGES.licenseMax]);
      await typeInto(page, "Driver's License / State ID Number", "D123*4567");
      await expectMessages(page, "/driverid", [MESSAGES.licenseCharacters]);

      await open(page, "/ssn");
      await expectMessages(page, "/ssn", [MESSAGES.ssnRequired]);
      await typeInto(page, "Social Security Number", "12345");
      await expectMessages(page, "/ssn", [MESSAGES.ssnFormat]);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The unknown zip is refused by the server (the lookup's 404, the save's 422), which the browser reports
      // in the console; nothing else may be.
      expect(problems.filter((p) => !/status of (404|422)/.test(p))).toEqual([]);
      await context.close();
    },
    LONG,
  );
});
