// Lighthouse's mobile run of the landing page `/` against the built server (the public site's performance goal:
// score 100, LCP at most 1.2 s, CLS 0, the landing page's JavaScript at most 100 KB gzip, its CSS in one request).
// Lighthouse drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) over its debugging port, with its
// default mobile settings: a mid-range phone on simulated slow 4G.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH } from "../tests/e2e/browser.ts";
import { startBuiltServer } from "../tests/helpers/built-server.ts";

const GOALS = { score: 100, lcpMs: 1200, cls: 0, jsKb: 100, cssRequests: 1 };
const DEBUGGING_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 9333);

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

export type LandingFigures = { score: number; lcpMs: number; cls: number; jsKb: number; cssRequests: number };

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
    const items = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const bytesOf = (type: string) =>
      items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
      cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
      jsKb: Number((bytesOf("Script") / 1024).toFixed(1)),
      cssRequests: items.filter((i) => i.resourceType === "Stylesheet").length,
    };
  } finally {
    await browser.close();
  }
}

/**
 * The landing page's own JavaScript, gzip: the modules its prerendered HTML preloads (what it needs to hydrate).
 * Lighthouse's transferred figure also counts the funnel's first screen, prefetched once the page is interactive.
 */
async function landingOwnJsKb(): Promise<number> {
  const html = await readFile("build/client/index.html", "utf8");
  const files = new Set([...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join("build/client", file)), { level: 9 }).length;
  return Number((bytes / 1024).toFixed(1));
}

export async function benchLandingLighthouse(): Promise<void> {
  const server = await startBuiltServer();
  try {
    const f = await lighthouseLanding(server.baseURL);
    const ownJsKb = await landingOwnJsKb();
    const mark = (ok: boolean) => (ok ? "yes" : "no");
    console.log("\nLanding page `/`, Lighthouse mobile (simulated slow 4G, Chromium)\n");
    console.log("| figure | value | goal | met |");
    console.log("|---|---|---|---|");
    console.log(`| performance score | ${f.score} | ${GOALS.score} | ${mark(f.score >= GOALS.score)} |`);
    console.log(`| LCP | ${(f.lcpMs / 1000).toFixed(2)} s | <= 1.2 s | ${mark(f.lcpMs <= GOALS.lcpMs)} |`);
    console.log(`| CLS | ${f.cls} | 0 | ${mark(f.cls <= GOALS.cls)} |`);
    console.log(
      `| JavaScript of the page itself, gzip | ${ownJsKb} KB | <= ${GOALS.jsKb} KB | ${mark(ownJsKb <= GOALS.jsKb)} |`,
    );
    console.log(`| JavaScript transferred, funnel prefetch included | ${f.jsKb} KB | | |`);
    console.log(`| stylesheet requests | ${f.cssRequests} | ${GOALS.cssRequests} | ${mark(f.cssRequests <= 1)} |`);
  } finally {
    await server.stop();
  }
}

// Run on its own: node bench/landing-lighthouse.ts
if (import.meta.main) await benchLandingLighthouse();
