import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, seriousA11yViolations, VIEWPORTS } from "./browser.ts";

// Each informational pop-up (docs/product/overview.md and docs/product/screens-and-routes.md) opens, is an accessible
// modal dialog, keeps focus inside, and closes three ways: Escape, a click outside, its close button; focus then
// returns to the opener.
const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type PopupCase = {
  title: string;
  path: string;
  opener: (page: Page) => Locator;
  contains: string;
};

const POPUPS: PopupCase[] = [
  {
    title: "How it works",
    // On the home page How it works scrolls instead (navbar.e2e.ts); elsewhere it is a pop-up.
    path: "/privacy",
    opener: (page) => page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "How it works" }),
    contains: "Check your account",
  },
  {
    title: "Rates and Fees",
    path: "/",
    opener: (page) => page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Rates and Fees" }),
    contains: "its APR is about 15.8%",
  },
  {
    title: "Frequently Asked Questions",
    path: "/",
    opener: (page) => page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "FAQs" }),
    contains: "Where do I find my bank's routing number?",
  },
  {
    title: "Marketing Partners",
    path: "/",
    opener: (page) =>
      page.getByRole("form", { name: "Get started" }).getByRole("button", { name: "the list of marketing partners" }),
    contains: "Woodgrove Lending",
  },
  {
    title: "Rates and Fees",
    path: "/start",
    opener: (page) => page.getByRole("form", { name: "Get started" }).getByRole("button", { name: "Rates and Fees" }),
    contains: "Representative example",
  },
];

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function openPopup(page: Page, popup: PopupCase) {
  await popup.opener(page).click();
  await expect.poll(() => dialog(page, popup.title).isVisible()).toBe(true);
}

async function expectClosed(page: Page, popup: PopupCase) {
  await expect.poll(() => dialog(page, popup.title).count()).toBe(0);
  expect(await isFocused(popup.opener(page))).toBe(true);
}

describe("pop-ups", () => {
  for (const popup of POPUPS) {
    it(`${popup.title} from ${popup.path} opens as a modal dialog and closes three ways`, async () => {
      const { context, page, problems } = await openPage(browser);
      await page.goto(`${baseURL}${popup.path}`);
      await page.waitForLoadState("networkidle");

      await openPopup(page, popup);
      const box = dialog(page, popup.title);
      expect(await box.getAttribute("aria-modal")).toBe("true");
      expect(await box.textContent()).toContain(popup.contains);
      expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Focus stays inside: many Tabs forward and back never leave the dialog.
      for (let i = 0; i < 25; i++) await page.keyboard.press("Tab");
      expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 25; i++) await page.keyboard.press("Shift+Tab");
      expect(await box.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      await page.keyboard.press("Escape");
      await expectClosed(page, popup);

      await openPopup(page, popup);
      await page.mouse.click(4, 400);
      await expectClosed(page, popup);

      await openPopup(page, popup);
      await dialog(page, popup.title).getByRole("button", { name: "Close" }).click();
      await expectClosed(page, popup);

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("lets a keyboard scroll a pop-up's text when it is taller than the screen (400% zoom)", async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 320, height: 256 } });
    const popup = POPUPS[0]!;
    await page.goto(`${baseURL}${popup.path}`);
    // Tapped before the page's app has run: the tap is held and made once it has (decision 0025).
    await page.getByRole("button", { name: "Open menu" }).click();
    await openPopup(page, popup);
    const body = dialog(page, popup.title).getByRole("region", { name: popup.title });
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Close, then the text itself: Tab reaches it, and the arrow key scrolls it.
    await page.keyboard.press("Tab");
    expect(await isFocused(body)).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("PageDown");
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await context.close();
  });

  it("Back closes an open pop-up and stays on the page; a pop-up closed otherwise leaves no entry behind", async () => {
    const { context, page, problems } = await openPage(browser);
    const rates = POPUPS[1]!;
    await page.goto(`${baseURL}/terms-of-use`);
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");

    await openPopup(page, rates);
    await page.goBack();
    await expectClosed(page, rates);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Personal loans");

    await openPopup(page, rates);
    await dialog(page, rates.title).getByRole("button", { name: "Close" }).click();
    await expectClosed(page, rates);
    await page.goBack();
    await page.waitForURL(`${baseURL}/terms-of-use`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lines a long FAQ question's second line up under its first word, not under the marker", async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/frequently-asked-questions`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "FAQs" }).click();
    const box = dialog(page, "Frequently Asked Questions");
    // evaluateAll reads whatever is there at once: the pop-up is waited for first (read straight after the click it
    // found no questions on one CI run).
    await expect.poll(() => box.isVisible()).toBe(true);
    const wrappedLineStarts = () =>
      box.locator("summary").evaluateAll((summaries) =>
        summaries.flatMap((summary) => {
          const range = document.createRange();
          range.selectNodeContents(summary);
          const lines = [...range.getClientRects()];
          return lines.length > 1 ? [lines.map((line) => Math.round(line.left))] : [];
        }),
      );
    await expect.poll(async () => (await wrappedLineStarts()).length).toBeGreaterThan(0);
    const lineStarts = await wrappedLineStarts();
    for (const starts of lineStarts) expect(new Set(starts).size).toBe(1);
    await context.close();
  });

  it("a click inside a pop-up does not close it", async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    await openPopup(page, POPUPS[2]!);
    await dialog(page, POPUPS[2]!.title).getByText("Is Loanpath a lender?").click();
    expect(await dialog(page, POPUPS[2]!.title).isVisible()).toBe(true);
    await context.close();
  });

  it("opens and closes on a 375 px phone, from the toggle menu", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Rates and Fees" }).click();
    const box = dialog(page, "Rates and Fees");
    await expect.poll(() => box.isVisible()).toBe(true);
    const size = await box.boundingBox();
    expect(size!.width).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.mouse.click(4, 20);
    await expect.poll(() => box.count()).toBe(0);
    // Focus goes back to the (visible) menu toggle the pop-up was opened through.
    expect(await isFocused(page.getByRole("button", { name: "Open menu" }))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
