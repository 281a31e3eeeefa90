// The funnel in Chromium (issue 8's budget): how much code each kind of screen adds to the shared shell,
// and how long the browser takes from the step save's 200 to the next screen painted. Runs the built app
// on the real server with an embedded database in a temporary directory.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { stepBySlug, stepTitle } from "../src/domain/steps/step-table.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startBuiltServer } from "../tests/helpers/built-server.ts";
import { QUICK_START } from "../tests/helpers/lead-client.ts";

const ROUNDS = Number(process.env.BENCH_SCREEN_ROUNDS ?? 30);
const CHUNK_GOAL_BYTES = 15 * 1024;
const PAINT_GOAL_MS = 100;

type RouteFiles = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: RouteFiles; routes: Record<string, RouteFiles> };

// Measured, not read from the precompressed files: the build leaves files too small to gain unzipped.
const gzipSize = async (asset: string) =>
  gzipSync(await readFile(path.join("build/client", asset)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const jsOf = (r: RouteFiles | undefined) => (r ? [r.module, ...(r.imports ?? [])] : []);
const cssOf = (r: RouteFiles | undefined) => r?.css ?? [];

async function sizeOf(files: Iterable<string>) {
  let bytes = 0;
  for (const file of new Set(files)) bytes += await gzipSize(file);
  return bytes;
}

/**
 * Gzipped code of the shared shell and of each kind of screen beyond it. The shell is what the funnel's
 * screens load in common: the app entry, the root, the funnel layout, and the modules that most kinds of
 * screen import (the form library, the step shell). They arrive with the first screen (which the quick start
 * prefetches) and are cached for the rest. A kind of screen's cost is what it adds: its JavaScript and CSS
 * beyond the shell's.
 */
async function chunkSizes(page: Page) {
  const manifest = (await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: unknown }).__reactRouterManifest,
  )) as Manifest;
  const frame = [manifest.entry, manifest.routes.root, manifest.routes["funnel/funnel-layout"]];
  const byScreen = new Map<string, RouteFiles>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    const screen = stepBySlug(id)?.screen;
    if (screen && !byScreen.has(screen)) byScreen.set(screen, route);
  }
  const kinds = [...byScreen.values()];
  /** The files that more than half of the kinds of screen load. */
  const sharedBy = (filesOf: (r: RouteFiles) => string[]) => {
    const counts = new Map<string, number>();
    for (const route of kinds)
      for (const file of new Set(filesOf(route))) counts.set(file, (counts.get(file) ?? 0) + 1);
    return [...counts].filter(([, n]) => n > kinds.length / 2).map(([file]) => file);
  };
  // The site's stylesheet is the root's own <link> (src/web/root.tsx), not in the manifest.
  const siteCss = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet][data-precedence]")].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  const shellJs = new Set([...frame.flatMap(jsOf), ...sharedBy(jsOf)]);
  const shellCss = new Set([...siteCss, ...frame.flatMap(cssOf), ...sharedBy(cssOf)]);
  const screens = [];
  for (const [screen, route] of byScreen) {
    const js = await sizeOf(jsOf(route).filter((f) => !shellJs.has(f)));
    const css = await sizeOf(cssOf(route).filter((f) => !shellCss.has(f)));
    screens.push({ screen, js, css });
  }
  return {
    shellJs: await sizeOf(shellJs),
    shellCss: await sizeOf(shellCss),
    screens: screens.sort((a, b) => b.js + b.css - (a.js + a.css)),
  };
}

/** In the page: resolves with the time the next frame after `title` shows in the h1 was painted. */
function paintedWhen(page: Page, title: string) {
  return page.evaluate(
    (expected) =>
      new Promise<number>((resolve) => {
        const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        const observer = new MutationObserver(() => {
          if (document.querySelector("h1")?.textContent === expected) {
            observer.disconnect();
            done();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        (window as unknown as { benchArmed: boolean }).benchArmed = true;
      }),
    title,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

/**
 * From one screen's save answered 200 to the next screen painted, `ROUNDS` times (Back in between), and a
 * one-frame floor measured the same way in the same page for scale. `answer` fills the first screen once;
 * later rounds keep the saved answer.
 */
async function timeToNextScreen(
  page: Page,
  url: string,
  fromSlug: string,
  toSlug: string,
  answer?: () => Promise<void>,
) {
  const from = stepBySlug(fromSlug)!;
  const toTitle = stepTitle(stepBySlug(toSlug)!, {});
  const fromTitle = stepTitle(from, {});
  await page.goto(`${url}${from.path}`);
  await page.getByRole("heading", { level: 1, name: fromTitle }).waitFor();
  await answer?.();
  const screen: number[] = [];
  const frame: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await page.evaluate(() => performance.clearResourceTimings());
    const painted = paintedWhen(page, toTitle);
    await page.waitForFunction(() => (window as unknown as { benchArmed?: boolean }).benchArmed === true);
    await page.evaluate(() => ((window as unknown as { benchArmed?: boolean }).benchArmed = false));
    await page.locator("form button[type=submit]").click();
    const paintedAt = await painted;
    const responseEnd = await page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("/step"))
          .at(-1) as PerformanceResourceTiming | undefined,
    );
    if (responseEnd) screen.push(paintedAt - responseEnd.responseEnd);
    // The floor: a text change painted, measured the same way, in the same page.
    frame.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            document.title = `${document.title}`;
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          }),
      ),
    );
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: fromTitle }).waitFor();
  }
  return { screen, frame };
}

export async function benchFunnelScreens(): Promise<void> {
  const server = await startBuiltServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await page.goto(`${server.baseURL}/start`);
    // A lead made the way the e-mail screen makes it; the cookie it sets is this browser's.
    const leadId = await page.evaluate(
      async (body) => {
        const response = await fetch("/api/personal_loan/lead/v2", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        const id = ((await response.json()) as { data: { contact: { lead_id: string } } }).data.contact.lead_id;
        sessionStorage.setItem("lead_id", id);
        return id;
      },
      { ...QUICK_START, email: "bench@example.com" },
    );
    if (!leadId) throw new Error("the bench lead was not created");
    await page.goto(`${server.baseURL}/lgname`);
    await page.getByRole("heading", { level: 1 }).waitFor();

    const sizes = await chunkSizes(page);
    console.log("\nFunnel screens: code, gzip. The shared shell is the app frame, the funnel layout and what most");
    console.log("kinds of screen import (form library, step shell); it arrives with the first screen.\n");
    console.log(`Shared shell: JavaScript ${kb(sizes.shellJs)} KB, CSS ${kb(sizes.shellCss)} KB\n`);
    console.log("| kind of screen | JS KB beyond the shell | CSS KB beyond the shell | within 15 KB |");
    console.log("|---|---|---|---|");
    for (const s of sizes.screens) {
      const within = s.js + s.css <= CHUNK_GOAL_BYTES ? "yes" : "NO";
      console.log(`| ${s.screen} | ${kb(s.js)} | ${kb(s.css)} | ${within} |`);
    }

    // Two moves: between two screens of one kind (its chunk already there), and onto a screen of another
    // kind (its chunk prefetched while the first was shown).
    const moves = [
      {
        label: "own home -> income source (same kind)",
        ...(await timeToNextScreen(page, server.baseURL, "ownhome", "incomesource")),
      },
      {
        label: "gross income -> next pay date (other kind)",
        ...(await timeToNextScreen(page, server.baseURL, "grossincome", "nextpaydate", () =>
          page.getByRole("radio").first().click(),
        )),
      },
    ];
    console.log(`\nFrom the step save's 200 to the next screen painted (${ROUNDS} rounds each, Chromium, 375 px)\n`);
    console.log("| move | median ms | p90 ms | median vs one frame | under 100 ms at the median |");
    console.log("|---|---|---|---|---|");
    for (const { label, screen, frame } of moves) {
      console.log(`| one frame (floor), ${label} | ${median(frame).toFixed(1)} | ${p90(frame).toFixed(1)} | 1.0 | |`);
      console.log(
        `| ${label} | ${median(screen).toFixed(1)} | ${p90(screen).toFixed(1)} | ${(median(screen) / median(frame)).toFixed(1)} | ${median(screen) < PAINT_GOAL_MS ? "yes" : "NO"} |`,
      );
    }
    console.log(
      `\nGoals (issue 8): each kind of screen under 15 KB beyond the shell; the next screen painted under ${PAINT_GOAL_MS} ms at the median.`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
