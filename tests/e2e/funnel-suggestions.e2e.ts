import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/domain/messages.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import {
  baseURL,
  closeSuggestionsBeforeActions,
  DESKTOP,
  field,
  heading,
  isFocused,
  LONG,
  nextButton,
  PHONE,
  poll,
  savedContact,
  startFunnel,
  startLead,
} from "./funnel-walk.ts";

// The funnel's suggestions in a real browser (docs/decisions/0016-combobox.md): picked by keyboard, read by
// a screen reader as a combobox with its listbox, at both sizes.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const listbox = (page: Page, label: string) => page.getByRole("listbox", { name: `${label} suggestions` });

async function open(page: Page, path: string, title: string) {
  await page.goto(`${baseURL}${path}`);
  await poll(() => heading(page).textContent()).toBe(title);
}

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const)("suggestions on a %s", (_size, viewport) => {
  it(
    "offers names, e-mail providers and states, each picked with the keyboard, and no made-up street",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport });
      await startFunnel(page);
      const first = field(page, "First Name");
      await first.pressSequentially("Mar");
      await poll(() => listbox(page, "First Name").getByRole("option").count()).toBeGreaterThan(0);
      expect(await first.getAttribute("aria-expanded")).toBe("true");
      expect(await seriousA11yViolations(page)).toEqual([]);
      const offered = await listbox(page, "First Name").getByRole("option").first().textContent();
      await first.press("ArrowDown");
      await first.press("Enter");
      await poll(() => first.inputValue()).toBe(offered);
      // A name typed, not picked: its suggestions open 300 ms after the typing (docs/product/validation.md) and
      // at 375 px cover Next, as they would a visitor's tap. Escape closes them for good, keeping the text.
      const last = field(page, "Last Name");
      await last.fill("Rivera");
      await last.press("Escape");
      expect(await last.getAttribute("aria-expanded")).toBe("false");
      await nextButton(page).click();

      // The e-mail completes with a provider, and a new one is shown back before it is saved.
      await page.waitForURL(`${baseURL}/email`);
      const email = field(page, "E-mail Address");
      const local = `sugg.${Date.now()}`;
      await email.pressSequentially(`${local}@gm`);
      await poll(() => listbox(page, "E-mail Address").getByRole("option").count()).toBe(1);
      await email.press("ArrowDown");
      await email.press("Enter");
      await poll(() => email.inputValue()).toBe(`${local}@gmail.com`);
      await nextButton(page).click();
      const dialog = page.getByRole("alertdialog", { name: "Is your e-mail address right?" });
      await dialog.getByRole("button", { name: "Edit" }).click();
      await poll(() => isFocused(email)).toBe(true);
      await nextButton(page).click();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await page.waitForURL(`${baseURL}/cellphone`);
      expect((await savedContact(page)).email).toBe(`${local}@gmail.com`);

      // Without an address service no street is offered: none is made up (docs/decisions/0031). The server
      // was asked, and answered nothing; the visitor's text stays as typed.
      await open(page, "/address", "Address of Residence");
      const street = field(page, "Street Address");
      const answered = page.waitForResponse(
        (r) => r.url().includes("/api/personal_loan/address-suggest") && r.url().includes("crescent"),
      );
      await street.pressSequentially("350 north crescent");
      expect(await (await answered).json()).toMatchObject({ data: { suggestions: [] } });
      expect(await listbox(page, "Street Address").getByRole("option").count()).toBe(0);
      expect(await street.getAttribute("aria-expanded")).toBe("false");
      expect(await street.inputValue()).toBe("350 north crescent");

      // The licence state as its name; its code is saved. Text that names no state is refused.
      await open(page, "/driverid", "Driver's License / State ID");
      await field(page, "Driver's License / State ID Number").fill("D7654321");
      const state = field(page, "Issuing State");
      await state.fill("Texs");
      await nextButton(page).click();
      await poll(() => page.getByText(MESSAGES.issuingStateUnknown, { exact: true }).isVisible()).toBe(true);
      await state.fill("");
      await state.pressSequentially("tex");
      await poll(() => listbox(page, "Issuing State").getByRole("option").count()).toBe(1);
      await state.press("ArrowDown");
      await state.press("Enter");
      await poll(() => state.inputValue()).toBe("Texas");
      await nextButton(page).click();
      await page.waitForURL(`${baseURL}/owncar`);
      expect((await savedContact(page)).drivers_license_state).toBe("TX");
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );
});

describe("the e-mail's double-check", () => {
  it("offers a slip in the domain corrected, and one tap saves the correction", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await closeSuggestionsBeforeActions(page);
    await startFunnel(page);
    await field(page, "First Name").fill("Ana");
    await field(page, "Last Name").fill("Rivera");
    await nextButton(page).click();
    await page.waitForURL(`${baseURL}/email`);
    const local = `slip.${Date.now()}`;
    await field(page, "E-mail Address").fill(`${local}@gmial.com`);
    await nextButton(page).click();
    const dialog = page.getByRole("alertdialog", { name: "Is your e-mail address right?" });
    await poll(() => dialog.textContent()).toContain(`Did you mean ${local}@gmail.com?`);
    const use = dialog.getByRole("button", { name: "Use gmail.com" });
    await poll(() => isFocused(use)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/cellphone`);
    expect((await savedContact(page)).email).toBe(`${local}@gmail.com`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the browser's autofill beside the suggestions", () => {
  it("is offered for names, e-mail, street, employer and job title, never for the SSN, bank or licence numbers", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    const autocomplete = (label: string) => field(page, label).getAttribute("autocomplete");
    const screens: [string, string, Record<string, string>][] = [
      ["/lgname", "Your Legal Name", { "First Name": "given-name", "Last Name": "family-name" }],
      ["/email", "Your E-mail Address", { "E-mail Address": "email" }],
      ["/address", "Address of Residence", { "Street Address": "address-line1", "Zip Code": "postal-code" }],
      ["/empinfor", "Employer Information", { "Employer Name": "organization", "Job Title": "organization-title" }],
      ["/driverid", "Driver's License / State ID", { "Driver's License / State ID Number": "off" }],
      ["/bankaccount", "Bank Account Number", { "Bank Account Number": "off" }],
      ["/aba", "Bank Routing Number", { "Routing Number": "off" }],
      ["/ssn", "Social Security Number", { "Social Security Number": "off" }],
    ];
    for (const [path, title, tokens] of screens) {
      await open(page, path, title);
      for (const [label, token] of Object.entries(tokens)) expect(await autocomplete(label), label).toBe(token);
    }
    // The names keep their suggestion list too: a combobox with its own autofill token.
    await open(page, "/lgname", "Your Legal Name");
    expect(await field(page, "First Name").getAttribute("role")).toBe("combobox");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("suggestions that fail", () => {
  it("leave the field working when the suggestion service is down", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await startLead(page);
    await page.route("**/api/personal_loan/suggest**", (route) => route.abort());
    await open(page, "/empinfor", "Employer Information");
    await field(page, "Employer Name").pressSequentially("Acme Corporation");
    await field(page, "Job Title").pressSequentially("Office Manager");
    await nextButton(page).click();
    await page.waitForURL(`${baseURL}/workphone`);
    expect((await savedContact(page)).work_company_name).toBe("Acme Corporation");
    expect(problems.filter((p) => !p.includes("ERR_FAILED"))).toEqual([]);
    await context.close();
  });
});
