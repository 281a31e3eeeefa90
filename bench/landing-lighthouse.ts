// Lighthouse's mobile run of the landing page `/` against the built server (the public site's performance goal:
// score 100, LCP at most 1.2 s, CLS 0, the landing page's JavaScript at most 100 KB gzip, its CSS in one request).
// Lighthouse drives the whole Chromium (CHROME_PATH, else the bench's browser of tests/e2e/find-browser.ts, Debian's
// /usr/bin/chromium first) over its debugging port, with its default mobile settings: a mid-range phone on simulated slow 4G. The machine is noisy, so it runs
// BENCH_LANDING_RUNS times (default 3) and reports the median and the range of each figure.
//
// Lighthouse's simulated phone is the host's CPU slowed four times, so a busy or slow host scores any page
// lower. Each landing run is paired with a run of a baseline page (a heading and a paragraph, no stylesheet,
// no script) made just before it: what the machine lets any page score at that moment. The blocking time
// the landing page adds over its baseline is the figure that belongs to the page. Then the main-thread time of
// loading each page, a steadier reading of what rendering the page costs (landing-main-thread.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { requireBrowser } from "../tests/e2e/find-browser.ts";
import { startBuiltServer } from "../tests/helpers/built-server.ts";
import { mainThreadOf, reportMainThread } from "./landing-main-thread.ts";

const GOALS = { score: 100, lcpMs: 1200, cls: 0, jsKb: 100, cssRequests: 1 };
const DEBUGGING_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 9333);
const RUNS = Math.max(1, Number(process.env.BENCH_LANDING_RUNS ?? 3));

type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
  networkEndTime?: number;
};

export type LandingScript = { file: string; kb: number; afterLcp: boolean };

export type LandingFigures = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  cssRequests: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** Each script transferred, and whether the unthrottled page had painted its LCP before asking for it. */
  scripts: LandingScript[];
};

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** One Lighthouse mobile run of `url` and the figures the goals are about. */
export async function lighthouseRun(url: string): Promise<LandingFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? requireBrowser("bench").path,
    args: ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const result = await lighthouse(url, {
      port: DEBUGGING_PORT,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const items = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const scriptItems = items.filter((i) => i.resourceType === "Script");
    // The unthrottled run's LCP, on the same clock as the network requests' times.
    const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
    const observedLcp = observed?.observedLargestContentfulPaint ?? Infinity;
    // The LCP breakdown insight names the element in a node item of its list.
    const breakdown = lhr.audits["lcp-breakdown-insight"]?.details as
      { items?: { type?: string; selector?: string; snippet?: string }[] } | undefined;
    const node = breakdown?.items?.find((i) => i.type === "node");
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(audit("first-contentful-paint")),
      lcpMs: Math.round(audit("largest-contentful-paint")),
      tbtMs: Math.round(audit("total-blocking-time")),
      cls: Number(audit("cumulative-layout-shift").toFixed(3)),
      jsKb: kb(scriptItems.reduce((sum, i) => sum + (i.transferSize ?? 0), 0)),
      cssRequests: items.filter((i) => i.resourceType === "Stylesheet").length,
      lcpElement: node ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim() : "(not reported)",
      scripts: scriptItems.map((i) => ({
        file: new URL(i.url).pathname,
        kb: kb(i.transferSize ?? 0),
        afterLcp: (i.networkRequestTime ?? 0) > observedLcp,
      })),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The app the landing page fetches at the visitor's first touch, gzip: the modules its prerendered HTML names
 * (scripts/defer-hydration.ts; docs/decisions/0025-hydrate-on-intent.md). Lighthouse does not touch the page, so
 * its transferred figure is what a reading visitor loads.
 */
async function landingAppJsKb(): Promise<number> {
  const html = await readFile("build/client/index.html", "utf8");
  const files = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join("build/client", file)), { level: 9 }).length;
  return kb(bytes);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** "median (min–max)" of one figure over the runs. */
function spread(values: number[], format: (v: number) => string = String): string {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? format(min) : `${format(median(values))} (${format(min)}–${format(max)})`;
}

/**
 * The baseline page: as little as a page can be and still have a largest paint. Served by a server of its own
 * (not the product's) so that nothing but the page differs between the pair's runs and the host's load.
 */
const BASELINE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title>' +
  '<meta name="description" content="A page with nothing to load."></head>' +
  "<body><h1>Loans from $100 to $5,000</h1><p>One paragraph of text, the largest paint of a page that loads " +
  "nothing else.</p></body></html>";

async function startBaselineServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(BASELINE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Pair = { landing: LandingFigures; baseline: LandingFigures };

/** A run Lighthouse could not complete (the busy machine) is reported and left out of the figures. */
async function completedRun(url: string, label: string): Promise<LandingFigures | undefined> {
  const run = await lighthouseRun(url).catch((error: unknown) => {
    console.log(`${label} failed: ${(error as Error).message}`);
    return undefined;
  });
  if (run && !Number.isFinite(run.lcpMs)) console.log(`${label} failed: no LCP`);
  return run && Number.isFinite(run.lcpMs) ? run : undefined;
}

export async function benchLandingLighthouse(): Promise<void> {
  const server = await startBuiltServer();
  const baselineServer = await startBaselineServer();
  try {
    const pairs: Pair[] = [];
    for (let i = 0; i < RUNS; i++) {
      const baseline = await completedRun(baselineServer.url, `baseline run ${i + 1}`);
      const landing = baseline && (await completedRun(`${server.baseURL}/`, `landing run ${i + 1}`));
      if (baseline && landing) pairs.push({ landing, baseline });
    }
    if (pairs.length === 0) throw new Error("no Lighthouse run of the landing page completed");
    reportLanding(pairs, await landingAppJsKb());
    reportMainThread(await mainThreadOf([`${server.baseURL}/`, baselineServer.url]));
  } finally {
    await baselineServer.stop();
    await server.stop();
  }
}

function reportLanding(pairs: Pair[], appJsKb: number): void {
  const runs = pairs.map((p) => p.landing);
  const all = <K extends keyof LandingFigures>(key: K, of: LandingFigures[] = runs) => of.map((r) => r[key] as number);
  const base = pairs.map((p) => p.baseline);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const ms = (v: number) => `${v} ms`;
  const mark = (ok: boolean) => (ok ? "yes" : "no");
  const score = median(all("score"));
  const lcpMs = median(all("lcpMs"));
  const cls = Math.max(...all("cls"));
  const cssRequests = Math.max(...all("cssRequests"));
  const jsKb = Math.max(...all("jsKb"));
  console.log(
    `\nLanding page \`/\`, Lighthouse mobile (simulated slow 4G, Chromium), ${runs.length} run(s), each paired ` +
      "with a run of the baseline page just before it: median (range)\n",
  );
  console.log("| figure | landing page | baseline page | goal | met |");
  console.log("|---|---|---|---|---|");
  console.log(
    `| performance score | ${spread(all("score"))} | ${spread(all("score", base))} | ${GOALS.score} | ${mark(score >= GOALS.score)} |`,
  );
  console.log(`| FCP | ${spread(all("fcpMs"), seconds)} | ${spread(all("fcpMs", base), seconds)} | | |`);
  console.log(
    `| LCP | ${spread(all("lcpMs"), seconds)} | ${spread(all("lcpMs", base), seconds)} | <= 1.2 s | ${mark(lcpMs <= GOALS.lcpMs)} |`,
  );
  console.log(`| TBT | ${spread(all("tbtMs"), ms)} | ${spread(all("tbtMs", base), ms)} | | |`);
  console.log(
    `| TBT the page adds over its baseline | ${spread(
      pairs.map((p) => p.landing.tbtMs - p.baseline.tbtMs),
      ms,
    )} | | | |`,
  );
  console.log(`| CLS | ${spread(all("cls"))} | ${spread(all("cls", base))} | 0 | ${mark(cls <= GOALS.cls)} |`);
  console.log(
    `| JavaScript the page loads (transferred) | ${spread(all("jsKb"), (v) => `${v} KB`)} | | <= ${GOALS.jsKb} KB | ${mark(jsKb <= GOALS.jsKb)} |`,
  );
  console.log(`| the app, fetched at the first touch, gzip | ${appJsKb} KB | | | |`);
  console.log(
    `| stylesheet requests | ${spread(all("cssRequests"))} | | ${GOALS.cssRequests} | ${mark(cssRequests <= GOALS.cssRequests)} |`,
  );
  const baselineScore = median(all("score", base));
  if (baselineScore < GOALS.score)
    console.log(
      `\nThe baseline page itself scored ${baselineScore} at the median: this machine, as loaded now, keeps any ` +
        "page from the score goal. Compare the landing page with its baseline, not with the goal.",
    );
  const last = runs.at(-1)!;
  console.log(`\nLCP element (each run): ${[...new Set(runs.map((r) => r.lcpElement))].join(" | ")}`);
  if (last.scripts.length === 0) {
    console.log("\nNo script file was transferred in the last run (the bootstrap is inline in the HTML).");
    return;
  }
  console.log(
    "\nScripts transferred in the last run, largest first (after LCP: asked for once the page had painted):\n",
  );
  console.log("| script | KB | after LCP |");
  console.log("|---|---|---|");
  for (const s of [...last.scripts].sort((a, b) => b.kb - a.kb))
    console.log(`| ${s.file} | ${s.kb} | ${s.afterLcp ? "yes" : ""} |`);
}

// Run on its own: node bench/landing-lighthouse.ts
if (import.meta.main) await benchLandingLighthouse();
