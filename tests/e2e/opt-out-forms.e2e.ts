import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MESSAGES } from "../../src/domain/messages.ts";
import { launchBrowser, openPage, seriousA11yViolations, VIEWPORTS } from "./browser.ts";

// The opt-out forms of docs/product/validation.md against the real server. The server holds its PGlite database open
// (one process only), so a stored request is read back through the server itself: the answer carries the
// request's reference (its row id), and sending the same request again, from the page or straight to the
// API with different spacing and case, answers that same reference. That can only come from the stored row,
// and it shows the request is kept once (src/server/workflows/privacy tests check the rows themselves).
const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const opened = await openPage(browser, { viewport });
  await opened.page.goto(`${baseURL}${path}`);
  await opened.page.waitForLoadState("networkidle");
  return opened;
}
const requestNow = (page: Page) => page.getByRole("button", { name: "REQUEST NOW" }).click();
const form = (page: Page) => page.locator("form");
const alert = (page: Page) => page.getByRole("alertdialog");

async function referenceFromAlert(page: Page): Promise<string> {
  await expect.poll(() => alert(page).isVisible()).toBe(true);
  const text = (await alert(page).textContent()) ?? "";
  const match = /Your reference: (PR-[0-9A-Z]{10})/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

async function closeAlert(page: Page) {
  await alert(page).getByRole("button", { name: "OK" }).click();
  await expect.poll(() => alert(page).count()).toBe(0);
}

describe("/unsubscribe", () => {
  it("shows each message of docs/product/validation.md and formats the mobile number", async () => {
    const { context, page, problems } = await open("/unsubscribe", VIEWPORTS.mobile);
    expect(await page.getByText(/up to 48 hours/).isVisible()).toBe(true);
    await requestNow(page);
    for (const message of [MESSAGES.emailRequired, MESSAGES.phoneRequired, MESSAGES.unsubscribeReasonRequired]) {
      await expect.poll(() => form(page).getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    await page.getByLabel("Email").fill("jo@");
    await expect.poll(() => form(page).getByText(MESSAGES.formEmailInvalid, { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Mobile Number").pressSequentially("212x555");
    expect(await page.getByLabel("Mobile Number").inputValue()).toBe("(212)-555");
    await expect.poll(() => form(page).getByText(MESSAGES.formPhoneLength).isVisible()).toBe(true);
    await page.getByLabel("Mobile Number").pressSequentially("01239999");
    expect(await page.getByLabel("Mobile Number").inputValue()).toBe("(212)-555-0123");
    expect(await form(page).getByText(MESSAGES.formPhoneLength).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("stores a request once: the page and the API answer the same reference for it", async () => {
    const { context, page, problems } = await open("/unsubscribe");
    const fill = async () => {
      await page.getByLabel("Email").fill("  e2e.unsubscribe@example.com ");
      await page.getByLabel("Mobile Number").fill("2125550147");
      await page.getByLabel("Reason").selectOption("NEVER_REQUESTED");
    };
    await fill();
    await requestNow(page);
    const reference = await referenceFromAlert(page);
    expect(await alert(page).getByRole("img", { name: "Success" }).isVisible()).toBe(true);
    expect(await alert(page).textContent()).toContain("within 48 hours");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await closeAlert(page);
    expect(await page.getByLabel("Email").inputValue()).toBe("");

    await fill();
    await requestNow(page);
    expect(await referenceFromAlert(page)).toBe(reference);
    await closeAlert(page);

    const res = await fetch(`${baseURL}/api/unsubscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "E2E.Unsubscribe@example.com",
        phone: "(212)-555-0147",
        unsubscribe: "NEVER_REQUESTED",
      }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.reference).toBe(reference);
    // The refused New York zip is the one expected error.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  });

  it("shows a refusal in an error alert with the server's message", async () => {
    const { context, page } = await open("/unsubscribe");
    await page.route("**/api/unsubscribe", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ status: 503, message: "Our service is busy. Please try again later." }),
      }),
    );
    await page.getByLabel("Email").fill("jo@example.com");
    await page.getByLabel("Mobile Number").fill("2125550123");
    await page.getByLabel("Reason").selectOption("OTHER");
    await requestNow(page);
    await expect.poll(() => alert(page).isVisible()).toBe(true);
    expect(await alert(page).getByRole("img", { name: "Error" }).isVisible()).toBe(true);
    expect(await alert(page).textContent()).toContain("Our service is busy. Please try again later.");
    await page.keyboard.press("Escape");
    await expect.poll(() => alert(page).count()).toBe(0);
    await context.close();
  });
});

describe("/do-not-sell-information", () => {
  it("shows each message of docs/product/validation.md", async () => {
    const { context, page, problems } = await open("/do-not-sell-information", VIEWPORTS.mobile);
    expect(await page.getByText(/California, Connecticut, Nevada, Utah, or Virginia/).isVisible()).toBe(true);
    await requestNow(page);
    for (const message of [
      MESSAGES.requestTypeRequired,
      MESSAGES.formFirstNameRequired,
      MESSAGES.formLastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.phoneRequired,
      MESSAGES.zipRequired,
      MESSAGES.stateTypeRequired,
      MESSAGES.addressRequired,
      MESSAGES.cityRequired,
    ]) {
      await expect.poll(() => form(page).getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    await page.getByLabel("Email").fill("x@y");
    await page.getByLabel("Mobile Number").fill("212555");
    await page.getByLabel("Zip Code").pressSequentially("9a41");
    await page.getByLabel("Address").fill("1 Ma");
    for (const message of [
      MESSAGES.formEmailInvalid,
      MESSAGES.formPhoneLength,
      MESSAGES.formZipLength,
      MESSAGES.addressMin,
    ]) {
      await expect.poll(() => form(page).getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByLabel("Zip Code").inputValue()).toBe("941");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("stores a request once: the page and the API answer the same reference for it", async () => {
    const { context, page, problems } = await open("/do-not-sell-information");
    await page.getByLabel("Request type").selectOption("DO_NOT_SELL");
    await page.getByLabel("First Name").fill(" Jo ");
    await page.getByLabel("Last Name").fill("Public");
    await page.getByLabel("Email").fill("e2e.dns@example.com");
    await page.getByLabel("Mobile Number").fill("+1 (310) 555-0188");
    expect(await page.getByLabel("Country").inputValue()).toBe("US");
    await page.getByLabel("Address").fill("1 Market Street");
    // A New York zip with California chosen is refused on the zip field.
    await page.getByLabel("Zip Code").fill("10001");
    await expect.poll(() => page.getByLabel("State").inputValue()).toBe("NY");
    expect(await page.getByLabel("City").inputValue()).toBe("New York");
    await page.getByLabel("State").selectOption("CA");
    await requestNow(page);
    await closeAlert(page);
    await expect.poll(() => form(page).getByText(MESSAGES.zipNotInState, { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("City").fill("San Francisco");
    await page.getByLabel("Zip Code").fill("94105");
    await expect.poll(() => page.getByLabel("State").inputValue()).toBe("CA");
    await requestNow(page);
    const reference = await referenceFromAlert(page);
    expect(await alert(page).getByRole("img", { name: "Success" }).isVisible()).toBe(true);
    expect(await alert(page).textContent()).toContain("stop selling or sharing");
    await closeAlert(page);

    const res = await fetch(`${baseURL}/api/do-not-sell-information`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        stateResidencyPrompt: "DO_NOT_SELL",
        firstName: "JO",
        middleName: "",
        lastName: "public",
        email: "E2E.DNS@example.com",
        phone: "(310)-555-0188",
        country: "US",
        zipCode: "94105",
        state: "CA",
        address: "1  Market Street",
        city: "san francisco",
      }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.reference).toBe(reference);
    // The refused New York zip is the one expected error.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  });
});
