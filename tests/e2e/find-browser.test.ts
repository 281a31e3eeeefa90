import { describe, expect, it } from "vitest";
import { findBrowser, type BrowserLook } from "./find-browser.ts";

// The browser finder on a fake machine: which files exist, which variables are set, where Playwright's Chromium
// would be.

const PLAYWRIGHT = "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";
const MAC_CHROME = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";

function machine(files: string[], options: Partial<BrowserLook> = {}): BrowserLook {
  return {
    env: {},
    platform: "linux",
    exists: (path) => files.includes(path),
    playwrightChromium: () => PLAYWRIGHT,
    ...options,
  };
}

const pathOf = (found: ReturnType<typeof findBrowser>) => ("path" in found ? found.path : found.missing);

describe("findBrowser", () => {
  it("takes, for the tests, the variable, then the headless shell, Chromium, Playwright's, Google Chrome", () => {
    const all = [
      "/opt/my/chrome",
      "/usr/bin/chromium-headless-shell",
      "/usr/bin/chromium",
      PLAYWRIGHT,
      "/usr/bin/google-chrome-stable",
    ];
    const env = { TEST_CHROMIUM_PATH: "/opt/my/chrome" };
    expect(findBrowser("test", machine(all, { env }))).toEqual({ path: "/opt/my/chrome", name: "TEST_CHROMIUM_PATH" });
    const found = [1, 2, 3, 4].map((from) => findBrowser("test", machine(all.slice(from))));
    expect(found).toEqual([
      { path: "/usr/bin/chromium-headless-shell", name: "Debian's Chromium headless shell" },
      { path: "/usr/bin/chromium", name: "Debian's Chromium" },
      { path: PLAYWRIGHT, name: "Playwright's Chromium" },
      { path: "/usr/bin/google-chrome-stable", name: "Google Chrome" },
    ]);
  });

  it("gives the bench the whole browser: CHROMIUM_PATH, Chromium, never the headless shell", () => {
    const files = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
    expect(pathOf(findBrowser("bench", machine(files)))).toBe("/usr/bin/chromium");
    expect(
      pathOf(findBrowser("bench", machine(files, { env: { CHROMIUM_PATH: "/usr/bin/chromium-headless-shell" } }))),
    ).toBe("/usr/bin/chromium-headless-shell");
    expect(pathOf(findBrowser("bench", machine(["/usr/bin/chromium-headless-shell", PLAYWRIGHT])))).toBe(PLAYWRIGHT);
  });

  it("finds Google Chrome where a Mac keeps it, and skips Playwright where it has no build", () => {
    const mac = machine([MAC_CHROME], { platform: "darwin", playwrightChromium: () => undefined });
    expect(findBrowser("test", mac)).toEqual({ path: MAC_CHROME, name: "Google Chrome" });
  });

  it("says a named browser is missing rather than taking another", () => {
    const found = findBrowser("test", machine(["/usr/bin/chromium"], { env: { TEST_CHROMIUM_PATH: "/nope/chrome" } }));
    expect(found).toEqual({ missing: "TEST_CHROMIUM_PATH=/nope/chrome does not exist." });
  });

  it("lists where it looked and every way to get a browser when there is none", () => {
    const found = findBrowser("test", machine([]));
    expect(pathOf(found).split("\n")).toEqual([
      "The end-to-end tests need a Chromium and found none. Looked at: /usr/bin/chromium-headless-shell, " +
        `/usr/bin/chromium, ${PLAYWRIGHT}, /usr/bin/google-chrome-stable, /usr/bin/google-chrome, ` +
        "/opt/google/chrome/chrome. Any of these will do:",
      "  - set TEST_CHROMIUM_PATH to a Chromium or Google Chrome binary;",
      "  - on Debian or Ubuntu: sudo apt-get install -y chromium-headless-shell (or chromium);",
      "  - anywhere: npx playwright-core install chromium (Playwright's own build);",
      "  - install Google Chrome.",
    ]);
  });
});
