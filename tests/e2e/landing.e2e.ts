import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, seriousA11yViolations, VIEWPORTS, waitForHydration } from "./browser.ts";
import { smallTapTargets } from "./funnel-walk.ts";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The box of a locator, failing the test (not returning null) when the element is not laid out. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
}

// The phone a visitor most often has at its smallest, and a laptop: what must be seen without scrolling (issue 11 of
// the tracker; docs/product/screens-and-routes.md#quick-start-form lists the form).
const FOLD_VIEWPORTS = { "375 x 667": { width: 375, height: 667 }, "1280 x 800": { width: 1280, height: 800 } };

describe("landing page above the fold", () => {
  for (const [name, viewport] of Object.entries(FOLD_VIEWPORTS)) {
    it(`shows the whole quick start form, REQUEST NOW, the consent it gives and the promises at ${name}`, async () => {
      const { context, page, problems } = await openPage(browser, { viewport });
      await page.goto(`${baseURL}/`);
      await page.waitForLoadState("networkidle");
      // Looked at by a person before each commit that changes the landing page (test-results/ is not committed).
      await page.screenshot({ path: path.join("test-results", "screenshots", `landing-${viewport.width}.png`) });

      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const selector of [
        "h1",
        ".quick-start__title",
        "select[name=amount]",
        "select[name=loanReason]",
        "input[name=zipCode]",
        "button[type=submit]",
        ".quick-start__assurances",
        // What pressing REQUEST NOW agrees to is read before it, not found after a scroll.
        ".quick-start__consent",
      ]) {
        const { y, height } = await box(page, selector);
        expect(y, selector).toBeGreaterThanOrEqual(0);
        expect(y + height, selector).toBeLessThanOrEqual(viewport.height);
      }
      // Every field keeps its message line as a live region, even where an empty one takes no room.
      const messageLines = await page
        .locator(".quick-start .form-field__error")
        .evaluateAll((lines) => lines.map((line) => [line.getAttribute("aria-live"), getComputedStyle(line).display]));
      expect(messageLines).toHaveLength(3);
      for (const [live, display] of messageLines) {
        expect(live).toBe("polite");
        expect(display).not.toBe("none");
      }
      const assurances = page.getByRole("list", { name: "Our promises" });
      expect(await assurances.getByRole("listitem").allTextContents()).toEqual([
        "We don't check your credit; lenders may",
        "Free, no obligation",
      ]);
      // The seals are in the form's card, readable in full.
      const seals = page.locator(".quick-start").getByRole("list", { name: "Security seals" }).getByRole("img");
      expect(await seals.count()).toBe(3);
      const form = await box(page, ".quick-start");
      for (const seal of await seals.all()) {
        const sealBox = await seal.boundingBox();
        expect(sealBox?.width).toBeGreaterThanOrEqual(90);
        expect(sealBox!.x + sealBox!.width).toBeLessThanOrEqual(form.x + form.width);
        // Every line of a seal's text ends inside its 120 x 48 box, in the fonts this machine has (none clipped
        // to "256-BIT ENCRYPTIO").
        const textEnds = await seal.evaluate((svg) =>
          [...svg.querySelectorAll("text")].map((text) => text.getBBox().x + text.getBBox().width),
        );
        expect(textEnds.length).toBeGreaterThanOrEqual(2);
        for (const end of textEnds) expect(end).toBeLessThanOrEqual(118);
      }

      // The headline starts right under the navbar (no empty band of hero above it) ...
      const hero = await box(page, ".landing__hero");
      const title = await box(page, "h1");
      expect(title.y - hero.y).toBeLessThanOrEqual(48);
      // ... and "$5,000" shares its line with "$100 to".
      const lineTops = await page.locator("h1").evaluate((h1) => {
        const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
        const tops: Record<string, number> = {};
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of ["$100", "$5,000"]) {
            const start = node.textContent!.indexOf(word);
            if (start < 0) continue;
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, start + word.length);
            tops[word] = Math.round(range.getBoundingClientRect().top);
          }
        }
        return [tops["$100"], tops["$5,000"]];
      });
      expect(lineTops[0]).toBeTypeOf("number");
      expect(lineTops[1]).toBe(lineTops[0]);
      expect(await smallTapTargets(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

/** Holds the page's React entry module until `release` is called: the app cannot hydrate before then. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// docs/decisions/0025-hydrate-on-intent.md: the landing page is whole as HTML and fetches its app when the visitor
// reaches for it.
describe("landing page JavaScript", () => {
  it("fetches none until the visitor reaches for the page, and keeps the tap that started it", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);

    const release = await holdApp(page);
    const toggle = page.locator(".navbar__toggle");
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    release();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await toggle.getAttribute("aria-label")).toBe("Close menu");
    expect(scripts.some((file) => file.startsWith("/assets/entry.client-"))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends REQUEST NOW tapped before the app ran once, by the app, without reloading the page", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const release = await holdApp(page);
    await page.getByLabel("Your Zip Code").fill("10001");
    await page.getByRole("button", { name: "REQUEST NOW" }).click();
    expect(page.url()).toBe(`${baseURL}/`);
    // The held tap shows it was heard until the app takes it over.
    expect(await page.getByRole("button", { name: "REQUEST NOW" }).getAttribute("data-app-waiting")).toBe("");
    release();
    await page.waitForURL(`${baseURL}/lgname`);
    // A native submit would have loaded a document with the answers in its address; the app moved on with a
    // client navigation.
    expect(documents).toEqual([]);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("temporary_contact") ?? "{}").zipCode)).toBe(
      "10001",
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("loads the page again when its app cannot be fetched, rather than leave a held tap unanswered", async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/`);
    await page.waitForLoadState("networkidle");
    // As after a deploy that replaced the page's modules: the old names are gone, for every request of them (the
    // bootstrap's modulepreload and its import may each ask), until the page loads again.
    await page.route("**/assets/root-*.js", (route) => route.fulfill({ status: 404, body: "" }));
    const reloaded = page.waitForRequest((request) => request.resourceType() === "document");
    await page.getByRole("button", { name: "Open menu" }).click();
    expect((await reloaded).url()).toBe(`${baseURL}/`);
    await context.close();
  });

  it("waits for the visitor with a campaign's address too, and keeps its source from the first touch", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(`${baseURL}/?utm_source=newsletter&gclid=Cj0KCQ`);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await page.mouse.move(10, 10);
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("utm_source"))).toBe("newsletter");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a campaign's source when the first tap follows a link to another page before the app ran", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto(`${baseURL}/?utm_source=newsletter`);
    await page.waitForLoadState("networkidle");
    const release = await holdApp(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(`${baseURL}/privacy`);
    release();
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("utm_source"))).toBe("newsletter");
    expect(problems).toEqual([]);
    await context.close();
  });
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

  it("draws How it works and Why choose us with one card style", async () => {
    const { context, page } = await openPage(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`${baseURL}/`);
    const looks = async (section: string) =>
      page
        .locator(`${section} li`)
        .first()
        .evaluate((card) => {
          const style = (el: Element | null) => (el ? getComputedStyle(el) : undefined);
          const [box, badge, title] = [style(card), style(card.firstElementChild), style(card.querySelector("h3"))];
          return {
            padding: box?.padding,
            background: box?.backgroundColor,
            radius: box?.borderRadius,
            shadow: box?.boxShadow,
            align: box?.textAlign,
            badge: [badge?.width, badge?.height, badge?.borderRadius, badge?.backgroundColor],
            title: [title?.fontSize, title?.fontWeight, title?.marginTop],
          };
        });
    const howItWorks = await looks(".how-it-works");
    expect(howItWorks.shadow).not.toBe("none");
    expect(howItWorks.badge[0]).toBe("40px");
    expect(await looks(".why-choose-us")).toEqual(howItWorks);
    await context.close();
  });
});
