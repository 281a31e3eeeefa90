// The main-thread time a phone-sized Chromium spends loading the landing page, against the bare baseline page
// loaded alternately in the same run (landing-lighthouse.ts serves both). Lighthouse's blocking time multiplies a
// few long tasks by four and swings with the host's load; the sum of the renderer's task time (Chrome's own
// Performance.getMetrics counters) is a steadier reading of what the page costs to parse, style, lay out, paint
// and run, and the part of it the baseline does not spend is the page's own (docs/decisions/0026-landing-render-cost.md).
import { chromium } from "playwright-core";
import { requireBrowser } from "../tests/e2e/find-browser.ts";

const LOADS = Math.max(1, Number(process.env.BENCH_LANDING_LOADS ?? 9));
// Lighthouse's mobile screen, so the same layout is measured.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
// Images and late tasks of the load settle within this after the load event.
const SETTLE_MS = 400;

export type MainThreadFigures = { taskMs: number; layoutMs: number; styleMs: number; scriptMs: number };
const FIGURES: (keyof MainThreadFigures)[] = ["taskMs", "layoutMs", "styleMs", "scriptMs"];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The medians over LOADS loads of each URL, loaded in turn. */
export async function mainThreadOf(urls: string[]): Promise<MainThreadFigures[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? requireBrowser("bench").path });
  const loads: MainThreadFigures[][] = urls.map(() => []);
  try {
    for (let i = 0; i < LOADS; i++) {
      for (const [index, url] of urls.entries()) {
        const context = await browser.newContext(PHONE);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Performance.enable");
        await page.goto(url, { waitUntil: "load" });
        await page.waitForTimeout(SETTLE_MS);
        const { metrics } = await cdp.send("Performance.getMetrics");
        const seconds = new Map(metrics.map((m) => [m.name, m.value]));
        const ms = (name: string) => (seconds.get(name) ?? 0) * 1000;
        loads[index]!.push({
          taskMs: ms("TaskDuration"),
          layoutMs: ms("LayoutDuration"),
          styleMs: ms("RecalcStyleDuration"),
          scriptMs: ms("ScriptDuration"),
        });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return loads.map((of) => {
    const figures = {} as MainThreadFigures;
    for (const key of FIGURES) figures[key] = Math.round(median(of.map((load) => load[key])));
    return figures;
  });
}

export function reportMainThread([landing, baseline]: MainThreadFigures[]): void {
  console.log(
    `\nMain-thread time of one load in Chromium at Lighthouse's phone size, unthrottled, median of ${LOADS} loads ` +
      "of each page in turn:\n",
  );
  console.log("| figure | landing page | baseline page | the landing page's own |");
  console.log("|---|---|---|---|");
  const rows: [string, keyof MainThreadFigures][] = [
    ["all tasks", "taskMs"],
    ["style", "styleMs"],
    ["layout", "layoutMs"],
    ["script", "scriptMs"],
  ];
  for (const [label, key] of rows)
    console.log(`| ${label} | ${landing![key]} ms | ${baseline![key]} ms | ${landing![key] - baseline![key]} ms |`);
}
