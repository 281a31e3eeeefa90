// The layer rule of docs/decisions/0002-layers.md as an allow-list, no import cycles under src
// (docs/decisions/0013-import-boundaries.md says why dependency-cruiser), and the direction between the
// server's contexts (docs/decisions/0027-server-contexts.md). `npm run lint` runs it on src;
// tests/lint/layer-boundaries.test.ts runs the same rules on the fixtures in tests/lint/fixtures.

const escapeRegExp = (text) => text.replace(/[.+*?^$()[\]{}|\\]/g, "\\$&");
// A dependency resolved into one of these packages (node_modules/<name>/...).
const packages = (...names) => `(^|/)node_modules/(${names.map(escapeRegExp).join("|")})/`;

// React Router's typegen writes ./+types/<route> under .react-router/types (tsconfig's rootDirs): it is
// unresolvable here, and `npm run typecheck` checks it.
const ROUTE_TYPES = "^\\./\\+types/[\\w-]+$";

// Unit tests and their helpers may also use the test tools; what they import never reaches a bundle.
const TEST_FILE = "\\.(test|testing)\\.tsx?$";
const TEST_TOOLS = ["vitest", "fast-check", "@testing-library/react", "@testing-library/dom"];

// What src/web may import besides src/domain and itself: packages that run in a browser. A package is
// added here on purpose, in review, never by default.
const WEB_PACKAGES = [
  "react",
  "react-dom",
  "react-router",
  "react-hook-form",
  "@hookform/resolvers",
  "zod",
  "downshift",
];

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycles under src, type-only imports included: a cycle of types is still two modules " +
        "that can only change together. Move what both need into a third module.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "server-not-to-web",
      severity: "error",
      comment: "src/server must not import from src/web: share code through src/domain.",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
    // The server's contexts, bottom to top (docs/decisions/0027-server-contexts.md): platform, intake,
    // compliance, distribution, then workflows and partners side by side, and console over all of them.
    // A context imports its own folder and the contexts below it; app.ts and main.ts compose them all.
    {
      name: "server-platform-imports-no-context",
      severity: "error",
      comment:
        "src/server/platform (config, db, security, http, plugins, jobs, outboxes, mail, logging, health) is " +
        "the bottom: it imports no other part of the server.",
      from: { path: "^src/server/platform/" },
      to: { path: "^src/server/", pathNot: "^src/server/platform/" },
    },
    {
      name: "server-intake-imports-only-platform",
      severity: "error",
      comment: "src/server/intake (leads, lookups, consent, client logs) builds on the platform only.",
      from: { path: "^src/server/intake/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake)/" },
    },
    {
      name: "server-compliance-imports-only-platform-and-intake",
      severity: "error",
      comment:
        "src/server/compliance (suppression, person hashes, sensitive reads, the register of privacy " +
        "requests) is the policy every sale and message obeys: it knows leads, not who obeys it.",
      from: { path: "^src/server/compliance/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance)/" },
    },
    {
      name: "server-distribution-imports-no-higher-context",
      severity: "error",
      comment:
        "src/server/distribution (buyers, the auction, the simulated lenders, the partner list) sells leads " +
        "under the compliance policy; workflows, partners and the console build on it, never the reverse.",
      from: { path: "^src/server/distribution/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance|distribution)/" },
    },
    {
      name: "server-workflows-not-to-partners-or-console",
      severity: "error",
      comment:
        "src/server/workflows (privacy requests, erasure, export, marketing, retention purge) may use every " +
        "context below; partners and the console sit beside and above it.",
      from: { path: "^src/server/workflows/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance|distribution|workflows)/" },
    },
    {
      name: "server-partners-not-to-workflows-or-console",
      severity: "error",
      comment:
        "src/server/partners (publishers, returns, payouts) stands beside workflows: it may use every " +
        "context below, not workflows and not the console.",
      from: { path: "^src/server/partners/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance|distribution|partners)/" },
    },
    {
      name: "server-context-not-to-composition",
      severity: "error",
      comment:
        "Only the files at the top of src/server (app.ts, main.ts) compose the contexts; no context imports " +
        "them, and the console is the last context, not the composition.",
      from: { path: "^src/server/[^/]+/" },
      to: { path: "^src/server/[^/]+$" },
    },
    {
      name: "no-circular-folders",
      severity: "error",
      comment:
        "No two folders of src/server import each other, directly or around a longer circle (type-only " +
        "imports and tests included): move what both need into a lower folder.",
      scope: "folder",
      from: { path: "^src/server/" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import the resolver cannot follow would slip past the rules above.",
      from: { path: "^src/" },
      to: { couldNotResolve: true, pathNot: ROUTE_TYPES },
    },
  ],

  // Everything src/domain and src/web import must match one of these; anything else is an error.
  allowed: [
    {
      comment: "The allow-list is for src/domain and src/web; src/server is held by the rules above.",
      from: { pathNot: "^src/(domain|web)/" },
      to: {},
    },
    {
      comment: "src/domain is pure: its own files and zod, nothing else (no node:, no other package).",
      from: { path: "^src/domain/" },
      to: { path: ["^src/domain/", packages("zod")] },
    },
    {
      comment: "src/web runs in the browser: src/domain, its own files and the browser packages above.",
      from: { path: "^src/web/" },
      to: { path: ["^src/(domain|web)/", packages(...WEB_PACKAGES)] },
    },
    {
      comment: "Route modules import the types React Router's typegen writes for them.",
      from: { path: "^src/web/" },
      to: { couldNotResolve: true, path: ROUTE_TYPES },
    },
    {
      comment: "The route config is read by React Router's build, not shipped: it uses its helpers.",
      from: { path: "^src/web/routes\\.ts$" },
      to: { path: packages("@react-router/dev") },
    },
    {
      comment: "Tests of both layers may use the test tools and the shared data in tests/fixtures.",
      from: { path: `^src/(domain|web)/.*${TEST_FILE}` },
      to: { path: [packages(...TEST_TOOLS), "^tests/fixtures/"] },
    },
  ],
  allowedSeverity: "error",

  options: {
    // Type-only imports are dependencies too: the cycle rule must see them.
    tsPreCompilationDeps: true,
    // tests/ is read as a leaf: tests/helpers builds the whole app for the server's tests, and following
    // it would draw a circle from every folder whose tests use it back to itself through app.ts.
    doNotFollow: { path: ["(^|/)node_modules/", "^tests/"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
