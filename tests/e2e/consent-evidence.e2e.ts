import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificateToken } from "../../src/server/intake/consent/consent-certificate.ts";
import { launchBrowser, openPage } from "./browser.ts";
import { serverTokenSecret } from "./server-secrets.ts";
import { ANSWERS, baseURL, LONG, newPerson, next, PHONE, poll, startLead } from "./funnel-walk.ts";

// docs/product/security-and-privacy.md#consent-certificate: the consent a buyer can check later is, byte for
// byte, the text the visitor had in front of them when they pressed the button. Read from the rendered
// pages in Chromium (what is on screen: the screen-reader-only "(opens in a new tab)" notes left out) and
// from the certificate the server issues for the lead.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The consent paragraph's text as it is shown. */
function shownText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll(".visually-hidden")) hidden.remove();
    return copy.textContent ?? "";
  });
}

describe("consent evidence", () => {
  it(
    "the certificate shows each consent exactly as the visitor read it on the page",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      await page.goto(`${baseURL}/start`);
      await page.waitForLoadState("networkidle");
      const quickStart = await shownText(page, ".quick-start__consent");
      const person = newPerson();
      await startLead(page, person);
      const phone = await shownText(page, ".step__consent");
      await ANSWERS.cellphone!(page, "mouse", person);
      await next(page, "mouse");
      await poll(() => new URL(page.url()).pathname).not.toBe("/cellphone");
      const leadId = await page.evaluate(() => sessionStorage.getItem("lead_id"));
      expect(leadId).toBeTruthy();

      const token = issueCertificateToken(await serverTokenSecret(), leadId!);
      const answer = await fetch(`${baseURL}/api/consent/certificate/${token}`);
      expect(answer.status).toBe(200);
      const { consents } = ((await answer.json()) as { data: { consents: { text: string; page_url: string }[] } }).data;
      expect(consents.map((c) => c.page_url)).toEqual(["/start", "/cellphone"]);
      expect(consents[0]!.text).toBe(quickStart);
      expect(consents[1]!.text).toBe(phone);
      // The printable certificate carries the same words.
      const printable = await context.newPage();
      await printable.goto(`${baseURL}/consent/certificate/${token}`);
      expect(await printable.locator("blockquote").allTextContents()).toEqual([quickStart, phone]);
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );
});
