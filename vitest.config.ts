import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/setup/longest-first.ts";

// Unit and server suites. End-to-end tests have their own config (vitest.e2e.config.ts)
// because they need a built app and a browser.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's two. The server suites spend
    // most of their time waiting (on fake buyers, leases, a spawned server), so three files run side by side.
    maxWorkers: 3,
    // The longest files first, so no worker is left running one alone at the end.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "domain",
          environment: "node",
          include: [
            "src/domain/**/*.test.ts",
            "tests/lint/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/e2e/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["src/web/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/patient-waits.ts"],
          // A backstop for a test that hangs, not a budget: Vitest's 5 s, on a loaded machine, failed tests whose
          // waits were still going (docs/decisions/0046-tests-under-load.md).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          globalSetup: ["tests/setup/database-template.ts"],
          // The server's files share a worker's modules instead of importing Fastify, Drizzle, PGlite and the app
          // again for each file (a third of the PostgreSQL pass's time went to imports). Each test still builds its
          // own app on its own database; no server test changes the environment or a module's state for the next.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
