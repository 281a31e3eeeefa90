import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALTERNATE_STEPS } from "../../src/domain/steps/other-steps.ts";
import { stepBySlug } from "../../src/domain/steps/step-table.ts";
import { launchBrowser, openPage } from "./browser.ts";
import {
  ANSWERS,
  baseURL,
  DESKTOP,
  expectThumbFriendly,
  LONG,
  maskedSsn,
  newPerson,
  next,
  onStep,
  PHONE,
  type Person,
  savedContact,
  startLead,
  type Mode,
} from "./funnel-walk.ts";

// The alternate path (docs/product/screens-and-routes.md, /apply/*) end to end on a 375 px phone and at 1280 px:
// each screen with its own progress indicator and back link, its button in view and thumb-sized, from
// /apply/address to /requestcash, by client navigation.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The main screen whose answers each alternate screen asks; the bank details screen has its own. */
const SAME_AS: Record<string, string> = {
  "apply-address": "address",
  "apply-home_time": "hometime",
  "apply-own_home": "ownhome",
  "apply-score": "creditscore",
  "apply-deposit": "deposit",
  "apply-bank_time": "banktime",
  "apply-driver": "driverid",
  "apply-own_car": "owncar",
  "apply-ssn": "ssn",
  "apply-debt": "unsecureddebtamount",
};

async function answer(page: Page, slug: string, mode: Mode, person: Person) {
  if (slug === "apply-bank") {
    // Routing number and bank name as on /aba, then the account number; Checking stays chosen.
    await ANSWERS.aba!(page, mode, person);
    return ANSWERS.bankaccount!(page, mode, person);
  }
  const main = SAME_AS[slug];
  if (!main) throw new Error(`no answers for ${slug}`);
  return ANSWERS[main]?.(page, mode, person);
}

describe.each([
  ["375 px phone", PHONE],
  ["1280 px desktop", DESKTOP],
])("alternate path on a %s", (_name, viewport) => {
  it(
    "goes from /apply/address to /requestcash, each screen with its indicator and back link",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport });
      const person = newPerson();
      await startLead(page, person);
      await page.goto(`${baseURL}/apply/address`);
      await page.evaluate(() => Object.assign(window, { funnelMark: true }));
      for (const step of ALTERNATE_STEPS) {
        await onStep(page, step);
        const back = page.getByRole("link", { name: "Back" });
        if (step.back) expect(await back.getAttribute("href"), step.slug).toBe(step.back);
        else expect(await back.count(), step.slug).toBe(0);
        await expectThumbFriendly(page, viewport, step.slug);
        await answer(page, step.slug, "mouse", person);
        await next(page, "mouse");
      }
      await onStep(page, stepBySlug("requestcash")!);
      await expectThumbFriendly(page, viewport, "requestcash");
      expect(await page.evaluate(() => (window as { funnelMark?: boolean }).funnelMark)).toBe(true);
      expect(await savedContact(page)).toMatchObject({
        address: "350 N Crescent Dr",
        time_at_residence: 102,
        bank_name: "JPMORGAN CHASE",
        bank_account_type: "CHECKING",
        bank_account_number: "****5678",
        bank_direct_deposit: "YES",
        credit_score: "GOOD",
        own_car: "YES",
        ssn: maskedSsn(person.ssn),
        debt_amount: "NONE",
      });
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );
});
