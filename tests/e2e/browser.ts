import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Locator,
  type Page,
} from "playwright-core";
import { requireBrowser } from "./find-browser.ts";

// The flags keep Chromium from reaching for the network (this machine has none) and from needing a sandbox.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where the end-to-end run's one Chromium listens (tests/e2e/global-setup.ts), for its workers to connect to. */
export const SHARED_BROWSER_ENV = "LOANPATH_E2E_BROWSER";

/**
 * The end-to-end run's one headless Chromium, shared by its files (tests/e2e/global-setup.ts), at the path
 * find-browser.ts chose.
 */
export function launchBrowserServer(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath, args: ARGS });
}

/**
 * A browser to open pages in: in an end-to-end run, a connection to the run's one Chromium (closing it only
 * disconnects, and every page lives in a context of its own), so the files running side by side start no
 * Chromium each; elsewhere (the bench) a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: requireBrowser("bench").path, args: ARGS });
}

export const VIEWPORTS = { mobile: { width: 375, height: 740 }, desktop: { width: 1280, height: 800 } } as const;

/** A page whose console errors, page errors and CSP violations are collected for the test to assert on. */
export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    /** What the browser answers a sign-in (HTTP Basic) prompt with. */
    httpCredentials?: { username: string; password: string };
  } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? VIEWPORTS.desktop,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    httpCredentials: options.httpCredentials,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// axe-core as @axe-core/playwright ships it, read once per file.
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

type Violation = { id: string; help: string; impact?: string | null; nodes: { target: unknown[] }[] };

/**
 * axe's own run in the page, with axe put there once per document (a step of the funnel keeps it). AxeBuilder
 * injects axe again on every call and finishes each run in a new blank page, five times the cost of the check
 * itself; it is kept for pages with frames, which only it can reach into.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { runOnly: { type: "tag", values: tags } })) as { violations: unknown };
    // Only what the caller reads: the nodes' DOM references do not cross back.
    return JSON.parse(JSON.stringify(results.violations)) as Violation[];
  }, WCAG_TAGS);
}

/** axe violations that a person would be blocked by (serious or critical), as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * The WCAG contrast ratio of an element's text against what is behind it: its own background colour, or the
 * first opaque one of its ancestors (colours as computed in the element's current state: hovered, focused).
 */
export async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    let behind: number[] = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = rgb(getComputedStyle(node).backgroundColor);
      if (background.length === 3 || (background.length === 4 && background[3] === 1)) {
        behind = background.slice(0, 3);
        break;
      }
    }
    const [lighter, darker] = [luminance(rgb(getComputedStyle(element).color)), luminance(behind)].sort(
      (a, b) => b - a,
    );
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}

/**
 * Cumulative layout shift since the page started loading (buffered layout-shift entries, shifts right after
 * input excluded, as the CLS metric does). Hydration that moves anything shows up here.
 */
export async function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 250);
      }),
  );
}

/** The public pages of the site (issue 3), all prerendered, with a phrase each page's HTML must carry. */
export const PUBLIC_PAGES = [
  { path: "/", heading: "Personal loans from $100 to $5,000" },
  { path: "/start", heading: "Personal loans from $100 to $5,000" },
  { path: "/terms-of-use", heading: "Terms of Use" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/contact-us", heading: "Contact Us" },
  { path: "/disclaimer", heading: "Disclaimer" },
  { path: "/frequently-asked-questions", heading: "Frequently Asked Questions" },
  { path: "/credit-authorization-agreement", heading: "Credit Authorization Agreement" },
  { path: "/partners", heading: "Marketing Partners" },
  { path: "/unsubscribe", heading: "Unsubscribe" },
  { path: "/do-not-sell-information", heading: "Do Not Sell or Share My Personal Information" },
] as const;

/**
 * Waits until React has hydrated the prerendered page (its elements carry React's fiber keys). A tap that comes
 * sooner is held and made again after hydration (docs/decisions/0025-hydrate-on-intent.md); this is for tests
 * that check the app started by itself.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}
