import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, seriousA11yViolations, VIEWPORTS } from "./browser.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("landing page", () => {
  it("ships the quick start form in the HTML itself, compressed", async () => {
    for (const path of ["/", "/start"]) {
      const res = await fetch(`${baseURL}${path}`, { headers: { "accept-encoding": "br" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("br");
      const html = await res.text();
      expect(html).toContain("Loan Amount");
      expect(html).toContain("Reason for loan");
      expect(html).toContain("Your Zip Code");
      expect(html).toContain("REQUEST NOW");
    }
  });

  it("shows the quick start form without JavaScript", async () => {
    const { context, page } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${baseURL}/`);
    await expect.poll(() => page.getByRole("button", { name: "REQUEST NOW" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Your Zip Code").isVisible()).toBe(true);
    await context.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates on ${name} with no console error, CSP violation or serious axe finding`, async () => {
      const { context, page, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseURL}/`);
      await page.waitForLoadState("networkidle");
      // Hydrated: submitting empty shows the spec's message, which only the React form can do.
      await page.getByRole("button", { name: "REQUEST NOW" }).click();
      await expect.poll(() => page.getByText("Zip code is required!").isVisible()).toBe(true);
      expect(await page.getByLabel("Loan Amount").inputValue()).toBe("500");
      expect(await page.getByLabel("Reason for loan").inputValue()).toBe("DEBT_CONSOLIDATION");
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
