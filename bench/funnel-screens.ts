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
const FIRST_SCREEN = "lgname";

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

// Measured, not read from the precompressed files: the build leaves files too small to gain unzipped.
const gzipSize = async (asset: string) =>
  gzipSync(await readFile(path.join("build/client", asset)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The JavaScript, gzipped, of the shared shell (entry, root, funnel layout and the first screen, /lgname,
 * where every visitor enters the funnel and which the quick start prefetches), and what each other kind
 * of screen adds to it.
 */
async function chunkSizes(page: Page) {
  const manifest = (await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: unknown }).__reactRouterManifest,
  )) as Manifest;
  const filesOf = (r: { module: string; imports?: string[] } | undefined) =>
    r ? [r.module, ...(r.imports ?? [])] : [];
  const sizeOf = async (files: Iterable<string>) => {
    let bytes = 0;
    for (const file of new Set(files)) bytes += await gzipSize(file);
    return bytes;
  };
  const frame = [
    ...filesOf(manifest.entry),
    ...filesOf(manifest.routes.root),
    ...filesOf(manifest.routes["funnel/funnel-layout"]),
  ];
  const shell = new Set([...frame, ...filesOf(manifest.routes[FIRST_SCREEN])]);
  const byScreen = new Map<string, string[]>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    const screen = stepBySlug(id)?.screen;
    if (screen && id !== FIRST_SCREEN) byScreen.set(screen, filesOf(route));
  }
  const screens = [];
  for (const [screen, files] of byScreen)
    screens.push({ screen, bytes: await sizeOf(files.filter((f) => !shell.has(f))) });
  return {
    frame: await sizeOf(frame),
    shell: await sizeOf(shell),
    screens: screens.sort((a, b) => b.bytes - a.bytes),
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

/** From the own-home save's 200 to the income-source screen painted, and a one-frame floor for scale. */
async function timeToNextScreen(page: Page, url: string) {
  const from = stepBySlug("ownhome")!;
  const to = stepBySlug("incomesource")!;
  const toTitle = stepTitle(to, {});
  const fromTitle = stepTitle(from, {});
  await page.goto(`${url}${from.path}`);
  await page.getByRole("heading", { level: 1, name: fromTitle }).waitFor();
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
    console.log(
      "\nFunnel screens: JavaScript, gzip (the shared shell is the app frame, the funnel layout and /lgname)\n",
    );
    console.log(
      `App frame and funnel layout: ${kb(sizes.frame)} KB; with the first screen (shared shell): ${kb(sizes.shell)} KB\n`,
    );
    console.log("| screen | KB beyond the shell | within 15 KB |");
    console.log("|---|---|---|");
    for (const s of sizes.screens) {
      console.log(`| ${s.screen} | ${kb(s.bytes)} | ${s.bytes <= CHUNK_GOAL_BYTES ? "yes" : "NO"} |`);
    }

    const { screen, frame } = await timeToNextScreen(page, server.baseURL);
    console.log(`\nFrom the step save's 200 to the next screen painted (${screen.length} rounds, Chromium, 375 px)\n`);
    console.log("| measure | median ms | p90 ms | vs one frame |");
    console.log("|---|---|---|---|");
    console.log(`| one frame (floor) | ${median(frame).toFixed(1)} | ${p90(frame).toFixed(1)} | 1.0 |`);
    console.log(
      `| next screen painted | ${median(screen).toFixed(1)} | ${p90(screen).toFixed(1)} | ${(median(screen) / median(frame)).toFixed(1)} |`,
    );
    console.log(
      `\nGoals (issue 8): each screen under 15 KB; the next screen painted under ${PAINT_GOAL_MS} ms at the median.`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
