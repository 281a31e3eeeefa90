import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { baseURL, FIRST_NAME, heading, LONG, PHONE, poll, startLead } from "./funnel-walk.ts";

// The funnel's words as a visitor reads them on a 375 px phone (docs/decisions/0030-funnel-words.md): titles
// that break well, labels in plain English that fit their buttons, and a reject page that says when trying
// again can help. The texts are written out here, not read from the step table, so a change shows.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(page: Page, path: string) {
  await page.goto(`${baseURL}${path}`);
  await poll(() => heading(page).isVisible()).toBe(true);
}

const radioNames = (page: Page) => page.getByRole("radio").allTextContents();

/** Labels whose text runs past their button's box (the label's own box or its text wider than the button). */
const overflowingChoices = (page: Page) =>
  page.locator("[role=radio]").evaluateAll((radios) =>
    radios.flatMap((radio) => {
      const label = radio.querySelector(".choice__label")!;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const box = radio.getBoundingClientRect();
      const over = radio.scrollWidth > radio.clientWidth || text.right > box.right || text.left < box.left;
      return over ? [radio.textContent] : [];
    }),
  );

describe("the funnel's words on a phone", () => {
  it(
    "keeps '?' with its word, fits every debt band in its button, and says months and years in plain English",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      await startLead(page);

      // The title keeps the original's space before "?", and never leaves "?" alone on a line. Where the line
      // ends depends on the fonts a phone has, so the title is given the width that just holds "Do you get
      // direct deposit": a breakable space would put "?" alone on the next line.
      await open(page, "/deposit");
      expect((await heading(page).textContent())?.replace(/\s/g, " ")).toBe("Do you get direct deposit ?");
      const lines = await heading(page).evaluate((h1) => {
        const text = h1.firstChild as Text;
        const range = (from: number, to: number) => {
          const r = document.createRange();
          r.setStart(text, from);
          r.setEnd(text, to);
          return r.getBoundingClientRect();
        };
        const length = text.data.length;
        h1.style.whiteSpace = "nowrap";
        const words = range(0, length - 2).width;
        h1.style.whiteSpace = "";
        // Its own width, whatever the card allows (the card is narrower than the words at 375 px).
        Object.assign(h1.style, { width: `${Math.ceil(words) + 2}px`, maxWidth: "none", flex: "none" });
        return { mark: range(length - 1, length).top, word: range(length - 3, length - 2).top };
      });
      expect(lines.mark).toBe(lines.word);

      await open(page, "/unsecureddebtamount");
      expect(await radioNames(page)).toContain("$10,000-$20,000");
      expect(await page.getByRole("radio", { name: "$10,000-$20,000", exact: true }).count()).toBe(1);
      expect(await overflowingChoices(page)).toEqual([]);
      // Chosen, a label is bold and wider: still inside.
      await page.getByRole("radio", { name: "$10,000-$20,000" }).click();
      expect(await overflowingChoices(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await open(page, "/banktime");
      expect(await radioNames(page)).toEqual([
        "1 - 3 months",
        "3 - 6 months",
        "7 - 12 months",
        "1 - 2 years",
        "More than 2 years",
      ]);
      await open(page, "/apply/home_time");
      expect((await radioNames(page)).at(-1)).toBe("Over 10 years");

      await open(page, "/apply/bank");
      await poll(() => heading(page).textContent()).toBe(`${FIRST_NAME}, you are at the final steps`);
      expect(await page.locator("main").textContent()).toContain(
        "When you provide your bank details, lenders can review your request with a higher acceptance rate!",
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it("tells a rejected visitor when a new request can be looked at again, instead of 'try again later'", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseURL}/reject-page?repeat_after_days=30`);
    await poll(() => heading(page).textContent()).toBe("Sorry, we were unable to connect you with a lender.");
    const text = await page.locator("main").textContent();
    expect(text).not.toMatch(/try again later/i);
    expect(text).toContain("30 days");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
