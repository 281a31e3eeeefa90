import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { PrivacyRequestRow } from "../../src/server/compliance/privacy-request-store.ts";
import { verificationMail } from "../../src/server/workflows/privacy/privacy-links.ts";
import { GOOD_DO_NOT_SELL } from "../fixtures/privacy-requests.ts";
import { QUICK_START } from "../helpers/lead-client.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { consoleOwner, consoleSessionOverHttp, RECOVERY_CODES_OF, signInOnPage } from "./console-owner.ts";
import { serverTokenSecret } from "./server-secrets.ts";

// The pages a privacy request's mailed link opens, and the operator's list, in Chromium against the real server
// (docs/product/privacy-requests.md): their buttons are plain HTML forms, which the browser posts as
// application/x-www-form-urlencoded. The server's database is its own, so what happened is read back through
// the server: the lead's cookie, and the operator's list of open requests.
const baseURL = inject("baseURL");
const owner = consoleOwner();
const [API_CODE, PAGE_CODE] = RECOVERY_CODES_OF.privacyLinks;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An application under `email`, and the cookie that opens it. */
async function apply(email: string, firstName: string) {
  const res = await fetch(`${baseURL}/api/personal_loan/lead/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...QUICK_START, email, first_name: firstName }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { contact: { lead_id: string } } };
  return { id: data.contact.lead_id, cookie: res.headers.getSetCookie()[0]!.split(";")[0]! };
}

const leadStatus = async (lead: { id: string; cookie: string }) =>
  (await fetch(`${baseURL}/api/personal_loan/lead/v2/${lead.id}`, { headers: { cookie: lead.cookie } })).status;

/** Sends the do-not-sell form asking `type`; answers the request's reference. */
async function ask(type: "DELETE" | "ACCESS" | "CORRECT", email: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/do-not-sell-information`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...GOOD_DO_NOT_SELL, stateResidencyPrompt: type, email }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { reference: string } }).data.reference;
}

/** The link of the mail the server sends for the request: made with the server's own secret. */
async function mailedLink(reference: string, type: "DELETE" | "ACCESS", email: string): Promise<string> {
  const request = { id: reference, requestType: type, email, dueAt: new Date(Date.now() + 45 * 86_400_000) };
  const mail = verificationMail(await serverTokenSecret(), baseURL, request as PrivacyRequestRow);
  const link = mail?.body.match(/https?:\/\/\S+/)?.[0];
  expect(link, "a link in the mail").toBeDefined();
  return link!;
}

/** The console's list of open requests, as the server answers it to a signed-in owner. */
let consoleSession: Awaited<ReturnType<typeof consoleSessionOverHttp>> | undefined;
async function openRequests(): Promise<string> {
  consoleSession ??= await consoleSessionOverHttp(baseURL, owner, API_CODE);
  return (await consoleSession.get("/privacy-requests")).text();
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

describe("the links a privacy request mails", () => {
  it("deletes the person's data when the delete page's button is pressed, and only then", async () => {
    const email = `e2e.delete.${Date.now()}@example.com`;
    const lead = await apply(email, "Rosalind");
    const reference = await ask("DELETE", email);
    const link = await mailedLink(reference, "DELETE", email);

    const { context, page, problems } = await openPage(browser);
    await page.goto(link);
    expect(await heading(page).textContent()).toBe("Delete your personal information");
    // Opening the link erased nothing.
    expect(await leadStatus(lead)).toBe(200);

    await page.getByRole("button", { name: "Delete my personal information" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your personal information is deleted");
    expect(await page.locator("main").textContent()).toContain(
      `Request ${reference} is complete: we deleted 1 application`,
    );
    expect(await leadStatus(lead)).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("passes axe on both delete pages", async () => {
    const email = `e2e.delete.axe.${Date.now()}@example.com`;
    const link = await mailedLink(await ask("DELETE", email), "DELETE", email);
    const { context, page } = await openPage(browser);
    await page.goto(link);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Delete my personal information" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your personal information is deleted");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows what is held only after a press on the know page, which works without JavaScript", async () => {
    const email = `e2e.know.${Date.now()}@example.com`;
    await apply(email, "Bartholomew");
    const reference = await ask("ACCESS", email);
    const link = await mailedLink(reference, "ACCESS", email);

    // The pages carry no script (their CSP allows none): a browser without JavaScript gets the whole service.
    const plain = await openPage(browser, { javaScriptEnabled: false });
    await plain.page.goto(link);
    expect(await heading(plain.page).textContent()).toBe("See your personal information");
    expect(await plain.page.locator("main").textContent()).not.toContain("Bartholomew");
    // A scanner that opened the link has closed nothing: the request still waits for the person.
    expect(await openRequests()).toContain(reference);
    await plain.page.getByRole("button", { name: "Show my personal information" }).click();
    await expect.poll(() => heading(plain.page).textContent()).toBe("Your personal information");
    expect(await plain.page.locator("main").textContent()).toContain("Bartholomew");
    expect(await openRequests()).not.toContain(reference);
    await plain.context.close();
  });

  it("passes axe on both know pages and gives the same data as a JSON file", async () => {
    const email = `e2e.know.json.${Date.now()}@example.com`;
    await apply(email, "Bartholomew");
    const reference = await ask("ACCESS", email);
    const link = await mailedLink(reference, "ACCESS", email);
    // axe needs JavaScript of its own to look at the pages.
    const { context, page, problems } = await openPage(browser);
    await page.goto(link);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Show my personal information" }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Your personal information");
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download it as JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`personal-information-${reference}.json`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the console's privacy queue", () => {
  it("marks a request done with its button", async () => {
    const reference = await ask("CORRECT", `e2e.correct.${Date.now()}@example.com`);
    const { context, page, problems } = await openPage(browser);
    await signInOnPage(page, baseURL, owner, owner.recoveryCodes[PAGE_CODE]!, "/console/privacy-requests");
    const row = page.getByRole("row").filter({ hasText: reference });
    await row.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [posted] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/${reference}/complete`)),
      row.getByRole("button", { name: `Mark done: ${reference}` }).click(),
    ]);
    // Done: the list, read again, no longer holds it.
    expect(posted.status()).toBe(200);
    await expect.poll(() => page.getByRole("row").filter({ hasText: reference }).count()).toBe(0);
    expect(await openRequests()).not.toContain(reference);
    expect(await heading(page).textContent()).toBe("Privacy requests");
    expect(problems).toEqual([]);
    await context.close();
  });
});
