// Lighthouse's mobile run of the landing page `/` against the built server (the public site's performance goal:
// score 100, LCP at most 1.2 s, CLS 0, the landing page's JavaScript at most 100 KB gzip, its CSS in one request).
// Lighthouse drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) over its debugging port, with its
// default mobile settings: a mid-range phone on simulated slow 4G. The machine is noisy, so it runs
// BENCH_LANDING_RUNS times (default 3) and reports the median and the range of each figure.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "../tests/e2e/browser.ts";
import { startBuiltServer } from "../tests/helpers/built-server.ts";

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

/** One Lighthouse mobile run of `baseURL`/ and the figures the goals are about. */
export async function lighthouseLanding(baseURL: string): Promise<LandingFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const result = await lighthouse(`${baseURL}/`, {
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

export async function benchLandingLighthouse(): Promise<void> {
  const server = await startBuiltServer();
  try {
    // A run Lighthouse could not complete (the busy machine) is reported and left out of the figures.
    const runs: LandingFigures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouseLanding(server.baseURL).catch((error: unknown) => {
        console.log(`run ${i + 1} failed: ${(error as Error).message}`);
        return undefined;
      });
      if (run && Number.isFinite(run.lcpMs)) runs.push(run);
      else if (run) console.log(`run ${i + 1} failed: no LCP`);
    }
    if (runs.length === 0) throw new Error("no Lighthouse run of the landing page completed");
    const appJsKb = await landingAppJsKb();
    const all = <K extends keyof LandingFigures>(key: K) => runs.map((r) => r[key] as number);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mark = (ok: boolean) => (ok ? "yes" : "no");
    const score = median(all("score"));
    const lcpMs = median(all("lcpMs"));
    const cls = Math.max(...all("cls"));
    const cssRequests = Math.max(...all("cssRequests"));
    const jsKb = Math.max(...all("jsKb"));
    console.log(
      `\nLanding page \`/\`, Lighthouse mobile (simulated slow 4G, Chromium), ${runs.length} run(s): median (range)\n`,
    );
    console.log("| figure | value | goal | met |");
    console.log("|---|---|---|---|");
    console.log(`| performance score | ${spread(all("score"))} | ${GOALS.score} | ${mark(score >= GOALS.score)} |`);
    console.log(`| FCP | ${spread(all("fcpMs"), seconds)} | | |`);
    console.log(`| LCP | ${spread(all("lcpMs"), seconds)} | <= 1.2 s | ${mark(lcpMs <= GOALS.lcpMs)} |`);
    console.log(`| TBT | ${spread(all("tbtMs"), (v) => `${v} ms`)} | | |`);
    console.log(`| CLS | ${spread(all("cls"))} | 0 | ${mark(cls <= GOALS.cls)} |`);
    console.log(
      `| JavaScript the page loads (transferred) | ${spread(all("jsKb"), (v) => `${v} KB`)} | <= ${GOALS.jsKb} KB | ${mark(jsKb <= GOALS.jsKb)} |`,
    );
    console.log(`| the app, fetched at the first touch, gzip | ${appJsKb} KB | | |`);
    console.log(
      `| stylesheet requests | ${spread(all("cssRequests"))} | ${GOALS.cssRequests} | ${mark(cssRequests <= GOALS.cssRequests)} |`,
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
  } finally {
    await server.stop();
  }
}

// Run on its own: node bench/landing-lighthouse.ts
if (import.meta.main) await benchLandingLighthouse();
