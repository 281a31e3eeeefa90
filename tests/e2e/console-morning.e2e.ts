import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDataDir, startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { createOwnerWithCommand, ownerCode, signInOnPage, type ConsoleOwner } from "./console-owner.ts";

// Issue 32's "done when": an operator's morning on a seeded database (npm run seed:volume, small), and every console
// screen photographed at 1280 and 1920 px in both themes, each checked by axe. The screenshots are test artefacts
// (test-results/console-screens/), kept by CI with the rest of test-results.
let browser: Browser;
let server: BuiltServer;
let dataDir: string;
let owner: ConsoleOwner;

const SHOTS = path.join("test-results", "console-screens");
const WIDTHS = [1280, 1920] as const;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-morning-"));
  await seedDataDir(dataDir);
  const run = promisify(execFile);
  // Three weeks of a small trade: last week and the week before both full, as the README's seed command makes it.
  await run(
    process.execPath,
    ["scripts/seed-volume.ts", "--leads", "1500", "--days", "21", "--buyers", "6", "--sources", "4", "--brands", "2"],
    { env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
  );
  [owner, browser] = await Promise.all([createOwnerWithCommand(dataDir), launchBrowser()]);
  server = await startBuiltServer({ ...GENEROUS_RATE_LIMITS }, { dataDir });
  await mkdir(SHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Nothing on the page wider than its box: a figure or a word cut off or pushing the page sideways. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push("the page scrolls sideways");
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      // A table's own scrolling box may be wider inside; what it holds is reachable by scrolling it.
      if (element.closest(".data-table__scroll")) continue;
      // Text only for a screen reader (clipped to a pixel) is meant to be outside its box.
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
      if (
        element.children.length === 0 &&
        element.scrollWidth > element.clientWidth + 1 &&
        style.overflow !== "visible"
      )
        found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? "").slice(0, 40)}"`);
    }
    return found;
  });
}

/** Dollars as the console writes them ("$1,234.56", "-$12.00") in cents. */
const cents = (text: string) => {
  const match = /(-?)\$([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no dollar figure in "${text}"`);
  return (match[1] ? -1 : 1) * (Number(match[2]!.replaceAll(",", "")) * 100 + Number(match[3]));
};

/** Waits until a console page has its heading and nothing on it is still loading. */
async function settled(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator("main [aria-busy=true]").count(), { timeout: 30_000 }).toBe(0);
}

/** The values of one column of a table, by its header's text, for every body row. */
async function column(table: ReturnType<Page["getByRole"]>, header: string): Promise<string[]> {
  const headers = (await table.locator("thead th").allTextContents()).map((t) => t.replace(/[▲▼?]/g, "").trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" in ${headers.join(", ")}`);
  return table
    .locator("tbody tr")
    .evaluateAll((rows, i) => rows.map((row) => row.children[i]?.textContent ?? ""), index);
}

/** A signed-in read of the console's API from the page (its cookie), for the ids a screen's address takes. */
const apiFromPage = (page: Page, path: string) =>
  page.evaluate(async (p) => (await (await fetch(`/api/console${p}`)).json()) as { data: unknown }, path);

describe("an operator's morning", () => {
  it("compares last week with the week before, reads profit by publisher, exports a figure's leads, reads an outcome and changes a buyer's hours", async () => {
    const base = server.baseURL;
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, base, owner, ownerCode(owner));
    await settled(page);

    // 1. Last week against the week before, from the range picker's presets and the comparison switch.
    await page.getByRole("button", { name: "Period" }).click();
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("period")).toBe("7d");
    await page.getByLabel("Compare with the period before").check();
    await expect.poll(() => new URL(page.url()).searchParams.get("compare")).toBe("previous");
    expect(new URL(page.url()).searchParams.get("period")).toBe("7d");
    await settled(page);
    const figures = page.getByRole("list", { name: "Figures" });
    const revenueCard = figures.getByRole("listitem").filter({ hasText: /^Revenue/ });
    await expect.poll(() => revenueCard.textContent()).toMatch(/was \$/);
    const profitCard = figures.getByRole("listitem").filter({ hasText: /^Profit/ });
    expect(await profitCard.textContent()).toMatch(/\$/);
    // The view is in its address: a reload shows the same period and comparison.
    await page.reload();
    await settled(page);
    expect(await page.getByLabel("Compare with the period before").isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Period" }).textContent()).toContain("Last 7 days");

    // 2. Profit by publisher: each row's profit is its revenue less its payouts, and the totals row sums them.
    await page.goto(`${base}/console/reports/publishers?period=7d&compare=previous`);
    await settled(page);
    const publishers = page.getByRole("table", { name: "Publishers" });
    const profits = (await column(publishers, "Profit")).map(cents);
    expect(profits.length).toBeGreaterThan(1);
    const totals = publishers.locator("tfoot tr");
    const profitTotal = await totals.evaluate(
      (row, i) => row.children[i]?.textContent ?? "",
      (await publishers.locator("thead th").allTextContents())
        .map((t) => t.replace(/[▲▼?]/g, "").trim())
        .indexOf("Profit"),
    );
    expect(cents(profitTotal)).toBe(profits.reduce((a, b) => a + b, 0));

    // 3. The leads behind one figure: a publisher's sold leads from Today, exported, row for row as the screen counts.
    await page.goto(`${base}/console?period=7d`);
    await settled(page);
    const byPublisher = page.getByRole("table", { name: "By publisher" });
    const soldLink = byPublisher
      .locator("tbody tr")
      .first()
      .getByRole("link")
      .filter({ hasText: /^[1-9]/ })
      .first();
    await soldLink.click();
    await page.waitForURL(/\/console\/leads\?/);
    await settled(page);
    const counted = page.getByRole("status").filter({ hasText: /leads?$/ });
    await expect.poll(() => counted.textContent()).toMatch(/^[\d,]+ leads?$/);
    const total = Number((await counted.textContent())!.replace(/\D/g, ""));
    const shownIds = await page
      .getByRole("table", { name: /Leads, newest first/ })
      .locator("tbody tr a")
      .allTextContents();
    expect(shownIds.length).toBe(Math.min(total, 50));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const saved = path.join(dataDir, "leads-export.csv");
    await download.saveAs(saved);
    const csv = (await readFile(saved, "utf8")).trim().split(/\r?\n/);
    expect(csv[0]!.split(",")[0]).toBe("id");
    const exportedIds = csv.slice(1).map((line) => line.split(",")[0]);
    expect(exportedIds.length).toBe(total);
    expect(exportedIds).toEqual(expect.arrayContaining(shownIds));

    // 4. Why a lead went to its buyer: the outcome table names the buyer that bought it and what the others did.
    const sold = (await apiFromPage(page, "/leads?status=sold&limit=1")).data as {
      leads: { id: string; buyer: string }[];
    };
    const lead = sold.leads[0]!;
    await page.goto(`${base}/console/leads/${lead.id}`);
    await settled(page);
    const outcomes = page.getByRole("table", { name: "Every buyer's outcome" });
    const bought = outcomes.locator("tbody tr").filter({ hasText: "Bought" });
    await expect.poll(() => bought.count()).toBe(1);
    expect(await bought.textContent()).toContain(lead.buyer);
    expect(await bought.textContent()).toMatch(/\$\d/);
    expect(await outcomes.locator("tbody tr").count()).toBe(6);

    // 5. A buyer's opening hours, changed in the week grid, saved as a new version whose diff names the schedule.
    await page.goto(`${base}/console/buyers/seed-lender-01`);
    await settled(page);
    await page.getByRole("switch", { name: /^Open only at set hours/ }).check();
    await page.getByRole("button", { name: "Monday 09:00–10:00" }).click();
    expect(await page.getByRole("button", { name: "Monday 09:00–10:00" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByLabel("Why (kept with the version)").fill("Monday mornings only, as agreed");
    await page.getByRole("button", { name: "Save as a new version" }).click();
    const diff = page.getByRole("table", { name: "Changes in version 2" });
    await diff.waitFor({ timeout: 30_000 });
    expect(await diff.locator("tbody").textContent()).toMatch(/schedule/);
    await context.close();
  }, 240_000);

  it("photographs every screen at 1280 and 1920 px in both themes, with nothing overflowing and nothing for axe", async () => {
    const base = server.baseURL;
    const found: string[] = [];
    const { page, context, problems } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/console`);
      await page.getByRole("heading", { name: "Sign in to the Loanpath console" }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `sign-in-${width}.png`), fullPage: true });
      found.push(...(await seriousA11yViolations(page)).map((v) => `sign-in ${width}: ${v}`));
    }
    await signInOnPage(page, base, owner, owner.recoveryCodes[0]!);
    const lead = ((await apiFromPage(page, "/leads?status=sold&limit=1")).data as { leads: { id: string }[] })
      .leads[0]!;
    const screens: [string, string][] = [
      ["today", "/console?period=7d&compare=previous"],
      ["today-one-day", "/console?period=yesterday"],
      ["funnel", "/console/funnel?period=30d"],
      ["buyer-report", "/console/reports/buyers?period=7d&compare=previous"],
      ["publisher-report", "/console/reports/publishers?period=7d&compare=previous"],
      ["leads", "/console/leads"],
      ["lead", `/console/leads/${lead.id}`],
      ["lead-timeline", `/console/leads/${lead.id}?tab=timeline`],
      ["buyers", "/console/buyers"],
      ["buyer", "/console/buyers/seed-lender-02"],
      ["buyer-new", "/console/buyers/new"],
      ["publishers", "/console/publishers"],
      ["publisher", "/console/publishers/seed-aff100"],
      ["publisher-new", "/console/publishers/new"],
      ["screening", "/console/screening?period=7d"],
      ["returns", "/console/returns"],
      ["statements", "/console/statements"],
      ["ledger", "/console/ledger"],
      ["privacy-requests", "/console/privacy-requests"],
      ["audit", "/console/audit"],
      ["operators", "/console/operators"],
    ];
    for (const scheme of ["light", "dark"] as const) {
      if (scheme === "dark") await page.getByRole("button", { name: "Use the dark theme" }).click();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, address] of screens) {
          await page.goto(`${base}${address}`);
          await settled(page);
          await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: true });
          found.push(...(await seriousA11yViolations(page)).map((v) => `${name} ${width} ${scheme}: ${v}`));
          found.push(...(await overflowing(page)).map((v) => `${name} ${width} ${scheme}: overflows: ${v}`));
        }
      }
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);
});
