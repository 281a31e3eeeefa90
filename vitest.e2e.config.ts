import { defineConfig } from "vitest/config";

// End-to-end: the built app served by the real server (started once in global setup) and driven by
// Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
