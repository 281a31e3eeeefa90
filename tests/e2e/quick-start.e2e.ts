import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CONSENT_TEXTS } from "../../src/domain/consent.ts";
import { MESSAGES } from "../../src/domain/messages.ts";
import { launchBrowser, openPage, seriousA11yViolations, VIEWPORTS } from "./browser.ts";

// The quick start form of issue 3 against the real server: real zip dataset, real IP endpoint.
const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function landing(path = "/", viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const opened = await openPage(browser, { viewport });
  await opened.page.goto(`${baseURL}${path}`);
  await opened.page.waitForLoadState("networkidle");
  return opened;
}
const zipField = (page: Page) => page.getByLabel("Your Zip Code");
const submit = (page: Page) => page.getByRole("button", { name: "REQUEST NOW" }).click();
const form = (page: Page) => page.getByRole("form", { name: "Get started" });

describe("quick start", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`goes to /lgname and keeps the temporary contact (${name})`, async () => {
      const { context, page, problems } = await landing("/start", viewport);
      await page.getByLabel("Loan Amount").selectOption("1000");
      await page.getByLabel("Reason for loan").selectOption("AUTO_REPAIR");
      await zipField(page).fill("90210");
      await expect.poll(() => form(page).getByText("Beverly Hills, CA").isVisible()).toBe(true);
      await submit(page);
      await page.waitForURL(`${baseURL}/lgname`);
      const stored = await page.evaluate(() => sessionStorage.getItem("temporary_contact"));
      const contact = JSON.parse(stored ?? "{}");
      expect(contact).toMatchObject({
        amount: 1000,
        loanReason: "AUTO_REPAIR",
        zipCode: "90210",
        city: "Beverly Hills",
        state: "CA",
        ipAddress: "127.0.0.1",
        consent: { key: "quick_start", version: CONSENT_TEXTS.quick_start.version, page_url: "/start" },
      });
      expect(contact.lat).toBeCloseTo(34.09, 1);
      expect(contact.long).toBeCloseTo(-118.41, 1);
      expect(contact.userAgent).toContain("Chrome");
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("shows each message of docs/product/validation.md, on submit and then on every change", async () => {
    const { context, page } = await landing();
    await submit(page);
    await expect.poll(() => form(page).getByText(MESSAGES.zipRequired).isVisible()).toBe(true);
    expect(await zipField(page).getAttribute("aria-invalid")).toBe("true");
    // Focus goes to the field in error.
    await expect.poll(() => zipField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await zipField(page).pressSequentially("12");
    await expect.poll(() => form(page).getByText(MESSAGES.zipLength).isVisible()).toBe(true);
    // The selects always hold a value in the page; an emptied one (as a script or an old browser could
    // send) gets the spec's messages.
    await page.getByLabel("Loan Amount").evaluate((el: HTMLSelectElement) => {
      el.add(new Option("", ""), 0);
    });
    await page.getByLabel("Loan Amount").selectOption("");
    await expect.poll(() => form(page).getByText(MESSAGES.loanAmountRequired).isVisible()).toBe(true);
    await page.getByLabel("Reason for loan").evaluate((el: HTMLSelectElement) => {
      el.add(new Option("", ""), 0);
    });
    await page.getByLabel("Reason for loan").selectOption("");
    await expect.poll(() => form(page).getByText(MESSAGES.loanReasonRequired).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(page.url()).toBe(`${baseURL}/`);
    await context.close();
  });

  it("keeps only digits, at most five, with a numeric keyboard hint", async () => {
    const { context, page } = await landing();
    // Typed as the page's app is still on its way (the first key starts it): what was typed before it ran is
    // rewritten once it has.
    await zipField(page).pressSequentially("9a0-2 1x05");
    await expect.poll(() => zipField(page).inputValue()).toBe("90210");
    expect(await zipField(page).getAttribute("inputmode")).toBe("numeric");
    await context.close();
  });

  it("clears the city and state when the zip changes", async () => {
    const { context, page } = await landing();
    // The city and state appear in a live region that is there before them, so screen readers speak them.
    const noteId = await zipField(page).evaluate(
      (el) => el.closest(".form-field")?.querySelector(".form-field__error")?.id ?? "",
    );
    expect(await page.locator(`[id="${noteId}"]`).getAttribute("aria-live")).toBe("polite");
    await zipField(page).fill("10001");
    await expect.poll(() => form(page).getByText("New York, NY").isVisible()).toBe(true);
    await zipField(page).press("Backspace");
    expect(await form(page).getByText("New York, NY").count()).toBe(0);
    await context.close();
  });

  it("refuses an unknown zip with `Invalid` and stays on the page", async () => {
    const { context, page, problems } = await landing();
    await zipField(page).fill("00000");
    await submit(page);
    await expect.poll(() => form(page).getByText(MESSAGES.zipUnknown, { exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseURL}/`);
    expect(await page.evaluate(() => sessionStorage.getItem("temporary_contact"))).toBeNull();
    // The 404 of the lookup is the only console line, and it is the browser's own network notice.
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await context.close();
  });

  it("sends one request however fast REQUEST NOW is pressed", async () => {
    const { context, page } = await landing();
    const ipCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/your-ip")) ipCalls.push(r.url());
    });
    await zipField(page).fill("90210");
    await page.getByRole("button", { name: "REQUEST NOW" }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
      button.click();
    });
    await page.waitForURL(`${baseURL}/lgname`);
    expect(ipCalls).toHaveLength(1);
    await context.close();
  });

  it("Ready to request scrolls to the form and puts focus on it", async () => {
    const { context, page } = await landing();
    await page.getByRole("link", { name: "Request now" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("link", { name: "Request now" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(5);
    await expect.poll(() => page.getByLabel("Loan Amount").evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
