import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/setup/longest-first.ts";

// End-to-end: the built app served by the real server (started once in global setup) and driven by
// Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // How long expect.poll waits for the page to settle: a limit for a busy machine, never a measure of
    // speed (speed is the bench's job). Vitest's default of 1 s failed on a loaded CI machine.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // Files run side by side: each test opens its own browser context on the run's one Chromium, and most of a
    // test is spent waiting on the browser and the server, not computing.
    maxWorkers: 3,
    // The longest files first, so no worker is left running one alone at the end.
    sequence: { sequencer: LongestFirst },
  },
});
