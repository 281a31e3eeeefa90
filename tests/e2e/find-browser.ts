import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

// Which Chromium the end-to-end tests and the bench open (docs/decisions/0039-test-browser.md): the first of a
// list that this machine has, so a Mac or a Linux without Debian's packages runs them too. The tests prefer
// Debian's headless shell (a quarter of the CPU per page); the bench wants the whole browser a visitor has.

/** "test": the end-to-end run; "bench": the browser bench (npm run bench). */
type BrowserUse = "test" | "bench";

type Candidate = { path: string; name: string };

/** What the finder may look at: replaced by a fake file system and environment in its tests. */
export type BrowserLook = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  exists: (path: string) => boolean;
  /** Where `npx playwright-core install chromium` puts Playwright's Chromium (playwright-core's registry). */
  playwrightChromium: () => string | undefined;
};

/** The variable that names the browser outright, for each use. */
const BROWSER_ENV: Record<BrowserUse, string> = { test: "TEST_CHROMIUM_PATH", bench: "CHROMIUM_PATH" };

const GOOGLE_CHROME: Partial<Record<NodeJS.Platform, string[]>> = {
  darwin: ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
  linux: ["/usr/bin/google-chrome-stable", "/usr/bin/google-chrome", "/opt/google/chrome/chrome"],
};

function candidates(use: BrowserUse, look: BrowserLook): Candidate[] {
  const playwright = look.playwrightChromium();
  return [
    ...(use === "test" ? [{ path: "/usr/bin/chromium-headless-shell", name: "Debian's Chromium headless shell" }] : []),
    { path: "/usr/bin/chromium", name: "Debian's Chromium" },
    ...(playwright ? [{ path: playwright, name: "Playwright's Chromium" }] : []),
    ...(GOOGLE_CHROME[look.platform] ?? []).map((path) => ({ path, name: "Google Chrome" })),
  ];
}

/** The browser to use, or a message that lists where it looked and how to get one. */
export function findBrowser(use: BrowserUse, look: BrowserLook = thisMachine()): Candidate | { missing: string } {
  const variable = BROWSER_ENV[use];
  const named = look.env[variable];
  // A browser named outright is the one meant: a wrong path is said so, never passed over for another.
  if (named)
    return look.exists(named) ? { path: named, name: variable } : { missing: `${variable}=${named} does not exist.` };
  const list = candidates(use, look);
  const found = list.find((candidate) => look.exists(candidate.path));
  if (found) return found;
  const purpose = use === "test" ? "The end-to-end tests need" : "The bench needs";
  return {
    missing: [
      `${purpose} a Chromium and found none. Looked at: ${list.map((c) => c.path).join(", ")}. Any of these will do:`,
      `  - set ${variable} to a Chromium or Google Chrome binary;`,
      use === "test"
        ? "  - on Debian or Ubuntu: sudo apt-get install -y chromium-headless-shell (or chromium);"
        : "  - on Debian or Ubuntu: sudo apt-get install -y chromium;",
      "  - anywhere: npx playwright-core install chromium (Playwright's own build);",
      "  - install Google Chrome.",
    ].join("\n"),
  };
}

/** The browser to use, or an error with the finder's message. */
export function requireBrowser(use: BrowserUse): Candidate {
  const found = findBrowser(use);
  if ("missing" in found) throw new Error(found.missing);
  return found;
}

function thisMachine(): BrowserLook {
  return {
    env: process.env,
    platform: process.platform,
    exists: existsSync,
    playwrightChromium: () => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined; // a platform Playwright has no build for
      }
    },
  };
}
