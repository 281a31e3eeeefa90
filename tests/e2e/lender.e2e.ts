import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIN_STEPS } from "../../src/domain/steps/main-steps.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { ANSWERS, baseURL, fill, heading, LONG, next, onStep, PHONE, poll, startFunnel } from "./funnel-walk.ts";

// The lender network end to end (docs/product/lender-network.md): a finished application goes to the simulated
// lenders that start with the server, and the visitor arrives on the accepting lender's offer page; the same
// person applying again is a duplicate no lender is offered, and reaches the reject page.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * A person no other test applies as: the duplicate check matches on phone and SSN. The exchange starts 73,
 * so the number is always one the phone step takes (an exchange starting with 0 or 1, or an N11 code, is
 * refused: docs/decisions/0007-domain-readings.md).
 */
function newPerson() {
  const n = String(Date.now() % 1_000_000).padStart(6, "0");
  return { cellPhone: `41573${n.slice(0, 5)}`, ssn: `5${n.slice(0, 2)}-4${n.slice(2, 3)}-${n.slice(3)}1` };
}

async function applyAs(page: Page, person: ReturnType<typeof newPerson>) {
  await startFunnel(page);
  for (const step of MAIN_STEPS) {
    await onStep(page, step);
    if (step.slug === "cellphone") await fill(page, "mouse", "Cell Phone Number", person.cellPhone);
    else if (step.slug === "ssn") await fill(page, "mouse", "Social Security Number", person.ssn);
    else await ANSWERS[step.slug]?.(page, "mouse");
    await next(page, "mouse");
  }
  await page.waitForURL(`${baseURL}/requestcash`);
  await page.getByRole("link", { name: "Request Cash" }).click();
  await page.waitForURL(`${baseURL}/mapping-lender`);
  await poll(() => heading(page).textContent()).toBe("Please do not close this window");
}

describe("lender network", () => {
  it(
    "takes a finished application at 375 px to a simulated lender's offer page, and the same person again to the reject page",
    async () => {
      const person = newPerson();
      const first = await openPage(browser, { viewport: PHONE });
      await applyAs(first.page, person);
      expect(await seriousA11yViolations(first.page)).toEqual([]);
      // The visitor arrives on the accepting lender's offer page (through /redirect, which keeps its address).
      await first.page.waitForURL((url) => !url.href.startsWith(baseURL), { timeout: 90_000 });
      expect(first.page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lenders\/[\w-]+\/offer\//);
      expect(await first.page.locator("body").textContent()).toMatch(/offer/i);
      expect(first.problems).toEqual([]);
      await first.context.close();

      const again = await openPage(browser, { viewport: PHONE });
      await applyAs(again.page, person);
      await again.page.waitForURL(`${baseURL}/reject-page`, { timeout: 90_000 });
      await poll(() => heading(again.page).textContent()).toBe("Sorry, we were unable to connect you with a lender.");
      expect(await seriousA11yViolations(again.page)).toEqual([]);
      expect(again.problems).toEqual([]);
      await again.context.close();
    },
    LONG,
  );

  it("shows each redirect page's text, and takes the visitor on to the stored lender's address", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    for (const [path, title] of [
      ["/redirect-upstart", "We've found the program for you!"],
      ["/redirect-upgrade", "We are sorry!"],
      ["/congratulations", "We've found the program for you!"],
      ["/redirect", "REDIRECTING..."],
    ] as const) {
      await page.goto(`${baseURL}${path}`);
      await poll(() => heading(page).textContent()).toBe(title);
      // Nothing stored in this browser: the page says so instead of going nowhere.
      await poll(() => page.getByRole("alert").textContent()).toContain("could not find the lender's page");
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await page.evaluate((target) => localStorage.setItem("redirectURL", target), `${baseURL}/partners`);
    await page.goto(`${baseURL}/redirect-upstart`);
    await page.waitForURL(`${baseURL}/partners`);
    await page.goto(`${baseURL}/reject-page`);
    await poll(() => heading(page).textContent()).toBe("Sorry, we were unable to connect you with a lender.");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
