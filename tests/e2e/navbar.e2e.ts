import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, VIEWPORTS } from "./browser.ts";

// The navbar of docs/product/screens-and-routes.md at 375 px (toggle menu, no blog link) and 1280 px (all items, blog
// link).
const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const ITEMS = ["How it works", "Rates and Fees", "FAQs"];

describe("navbar", () => {
  it("on a 375 px phone: items behind a toggle, no blog link", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    const toggle = page.getByRole("button", { name: "Open menu" });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    for (const item of ITEMS) expect(await nav(page).getByRole("button", { name: item }).isVisible()).toBe(false);

    // The bar itself does not move when the list opens under it.
    const bar = () =>
      Promise.all([
        page
          .locator(".navbar")
          .boundingBox()
          .then((b) => b && { x: b.x, y: b.y, width: b.width }),
        page.locator(".navbar__brand").boundingBox(),
        page.locator(".navbar__toggle").boundingBox(),
      ]);
    const closedBar = await bar();
    expect(closedBar[1]).not.toBeNull();
    await toggle.click();
    expect(await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await bar()).toEqual(closedBar);
    for (const item of ITEMS) expect(await nav(page).getByRole("button", { name: item }).isVisible()).toBe(true);
    expect(await nav(page).getByRole("link", { name: "Blog" }).isVisible()).toBe(false);
    // Nothing sticks out sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.keyboard.press("Escape");
    expect(await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a 1280 px desktop: every item and the blog link, no toggle", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${baseURL}/terms-of-use`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    for (const item of ITEMS) expect(await nav(page).getByRole("button", { name: item }).isVisible()).toBe(true);
    const blog = nav(page).getByRole("link", { name: "Blog" });
    expect(await blog.isVisible()).toBe(true);
    expect(await blog.getAttribute("href")).toMatch(/^https:\/\//);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("How it works scrolls to the carousel on the home page, without a pop-up", async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await nav(page).getByRole("button", { name: "How it works" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(await page.getByRole("dialog").count()).toBe(0);
    // The section heading ends up in view, below the sticky navbar.
    await expect
      .poll(() =>
        page.getByRole("heading", { name: "How it works", level: 2 }).evaluate((h) => h.getBoundingClientRect().top),
      )
      .toBeGreaterThan(50);
    // Focus follows, so the next Tab continues from the section, not from the navbar.
    await expect
      .poll(() =>
        page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`),
      )
      .toBe("H2 How it works");
    await context.close();
  });

  it("never hides what keyboard focus moves to behind the sticky navbar (WCAG 2.4.11)", async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${baseURL}/do-not-sell-information`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole("button", { name: "REQUEST NOW" }).focus();
    const navbarBottom = await page.locator(".navbar").evaluate((el) => el.getBoundingClientRect().bottom);
    // Back up through the whole form with Shift+Tab; every field must land below the navbar.
    const visited: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Shift+Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return {
          name: el.getAttribute("name"),
          inNavbar: Boolean(el.closest(".navbar")),
          top: el.getBoundingClientRect().top,
        };
      });
      if (focused.inNavbar) break;
      visited.push(`${focused.name}@${Math.round(focused.top)}`);
      expect(focused.top, visited.join(" ")).toBeGreaterThanOrEqual(navbarBottom);
    }
    expect(visited.length).toBeGreaterThan(8);
    await context.close();
  });

  it("the brand logo goes home; the carousel steps through the three steps on a phone", async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    const region = page.getByRole("region", { name: "How it works in three steps" });
    await region.scrollIntoViewIfNeeded();
    const next = region.getByRole("button", { name: "Next step" });
    expect(await region.getByRole("button", { name: /Show step 1/ }).getAttribute("aria-current")).toBe("step");
    const current = (step: number) =>
      region.getByRole("button", { name: new RegExp(`Show step ${step}`) }).getAttribute("aria-current");
    await next.click();
    await expect.poll(() => current(2)).toBe("step");
    await next.click();
    await expect.poll(() => current(3)).toBe("step");
    expect(await next.isDisabled()).toBe(true);
    await page.goto(`${baseURL}/privacy`);
    await page.getByRole("link", { name: "Loanpath" }).first().click();
    await page.waitForURL(`${baseURL}/`);
    await context.close();
  });
});
