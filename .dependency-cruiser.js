// The layer rule of docs/decisions/0002-layers.md as an allow-list, no import cycles under src
// (docs/decisions/0013-import-boundaries.md says why dependency-cruiser), and the direction between the
// server's contexts and between the web's folders (docs/decisions/0027-server-contexts.md). `npm run lint` runs it on src;
// tests/lint/layer-boundaries.test.ts runs the same rules on the fixtures in tests/lint/fixtures.

const escapeRegExp = (text) => text.replace(/[.+*?^$()[\]{}|\\]/g, "\\$&");
// A dependency resolved into one of these packages (node_modules/<name>/...).
const packages = (...names) => `(^|/)node_modules/(${names.map(escapeRegExp).join("|")})/`;

// React Router's typegen writes ./+types/<route> under .react-router/types (tsconfig's rootDirs): it is
// unresolvable here, and `npm run typecheck` checks it.
const ROUTE_TYPES = "^\\./\\+types/[\\w-]+$";

// Unit tests and their helpers may also use the test tools; what they import never reaches a bundle.
const TEST_FILE = "\\.(test|testing)\\.tsx?$";
const TEST_TOOLS = ["vitest", "fast-check", "@testing-library/react", "@testing-library/dom", "jsqr", "axe-core"];

/** Packages for the operator console alone: no consumer page may load them. */
const CONSOLE_PACKAGES = [
  "@tanstack/react-table",
  "recharts",
  "qrcode",
  // The console's components (docs/decisions/0049-console-components.md).
  "@mantine/core",
  "@mantine/hooks",
  "@mantine/dates",
  "@mantine/charts",
  "dayjs",
];

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
  // The operator console's table, charts and QR code (docs/decisions/0034-operator-console.md); only src/web/console.
  ...CONSOLE_PACKAGES,
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
    // compliance, screening, distribution, then workflows and partners side by side, and console over all of them.
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
        "src/server/compliance (suppression, sensitive reads, the register of privacy " +
        "requests) is the policy every sale and message obeys: it knows leads, not who obeys it.",
      from: { path: "^src/server/compliance/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance)/" },
    },
    {
      name: "server-screening-imports-only-platform-intake-compliance",
      severity: "error",
      comment:
        "src/server/screening (the gate: phone, e-mail, velocity, lists, certificates) judges a lead before any " +
        "buyer sees it; distribution reads its answers, never the reverse.",
      from: { path: "^src/server/screening/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance|screening)/" },
    },
    {
      name: "server-distribution-imports-no-higher-context",
      severity: "error",
      comment:
        "src/server/distribution (buyers, the auction, the simulated lenders, the partner list) sells leads " +
        "under the compliance policy; workflows, partners and the console build on it, never the reverse.",
      from: { path: "^src/server/distribution/" },
      to: { path: "^src/server/", pathNot: "^src/server/(platform|intake|compliance|screening|distribution)/" },
    },
    {
      name: "server-workflows-not-to-partners-or-console",
      severity: "error",
      comment:
        "src/server/workflows (privacy requests, erasure, export, marketing, retention purge) may use every " +
        "context below; partners and the console sit beside and above it.",
      from: { path: "^src/server/workflows/" },
      to: {
        path: "^src/server/",
        pathNot: "^src/server/(platform|intake|compliance|screening|distribution|workflows)/",
      },
    },
    {
      name: "server-partners-not-to-workflows-or-console",
      severity: "error",
      comment:
        "src/server/partners (publishers, returns, payouts) stands beside workflows: it may use every " +
        "context below, not workflows and not the console.",
      from: { path: "^src/server/partners/" },
      to: {
        path: "^src/server/",
        pathNot: "^src/server/(platform|intake|compliance|screening|distribution|partners)/",
      },
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
    // dependency-cruiser's folder scope counts a folder with all its subfolders (see no-circular-folders), so a
    // context's or a module's own files and one of its subfolders could import each other unseen. A subfolder
    // therefore never imports the files directly in the context or module above it: they may import it.
    {
      name: "server-subfolder-not-to-context-files",
      severity: "error",
      comment:
        "A file in a subfolder of a server context (intake/leads, distribution/auction...) does not import the " +
        "files directly in that context (compliance/*.ts, say): those may import the subfolder, and the two " +
        "would be a circle no folder rule sees. Move what both need into a subfolder of its own.",
      from: { path: "^src/server/([^/]+)/[^/]+/" },
      to: { path: "^src/server/$1/[^/]+$" },
    },
    {
      name: "server-subfolder-not-to-module-files",
      severity: "error",
      comment:
        "A file in a subfolder of a server module (intake/lookups/data, platform/db/migrations...) does not " +
        "import the module's own files: the module builds on its subfolder, never the reverse.",
      from: { path: "^src/server/([^/]+/[^/]+)/[^/]+/" },
      to: { path: "^src/server/$1/[^/]+$" },
    },
    // The web's folders, bottom to top (docs/decisions/0027-server-contexts.md, "The web"): ui, styles,
    // hydration and api; site; session; frame; then funnel (with lender over it) and pages side by side.
    // root.tsx and routes.ts compose them. A folder imports its own subfolders and the levels below it; the
    // rules name folders, and the last one keeps every folder off the files at the top.
    {
      name: "web-foundation-imports-no-other-folder",
      severity: "error",
      comment:
        "src/web/ui (accessible building blocks), styles, hydration (when a prerendered page starts its app) and " +
        "api (the typed client, its fake for tests, the zip lookup) are the bottom: each imports no other " +
        "folder of src/web, so a building block knows no brand, page or screen.",
      from: { path: "^src/web/(ui|styles|hydration|api)/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/$1/" },
    },
    {
      name: "web-site-imports-only-foundation",
      severity: "error",
      comment:
        "src/web/site (the brand of each host, attribution, consent vendors, Global Privacy Control, page titles) " +
        "builds on ui, hydration and api only.",
      from: { path: "^src/web/site/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|hydration|api|site)/" },
    },
    {
      name: "web-session-imports-only-site-and-below",
      severity: "error",
      comment:
        "src/web/session (the lead id, the temporary contact, the e-mail link entry) is what a tab keeps of the " +
        "visitor's application: the landing page, the funnel and the lender connection share it, it knows none " +
        "of them.",
      from: { path: "^src/web/session/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|hydration|api|site|session)/" },
    },
    {
      name: "web-frame-imports-only-session-and-below",
      severity: "error",
      comment:
        "src/web/frame (navbar, footer, trust seals, the informational and Marketing Partners pop-ups) is what " +
        "the public pages' frame and the funnel's frame share: it imports no page, screen or route.",
      from: { path: "^src/web/frame/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|hydration|api|site|session|frame)/" },
    },
    {
      name: "web-funnel-not-to-pages-or-lender",
      severity: "error",
      comment:
        "src/web/funnel (the step screens and their frame) stands beside pages and under the lender " +
        "connection: what it shares with them sits in frame, session or below.",
      from: { path: "^src/web/funnel/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|hydration|api|site|session|frame|funnel)/" },
    },
    {
      name: "web-lender-not-to-pages",
      severity: "error",
      comment:
        "src/web/lender (the lender connection, redirect and reject pages) sits in the funnel's frame and may " +
        "use the funnel; it imports no public page.",
      from: { path: "^src/web/lender/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|hydration|api|site|session|frame|funnel|lender)/" },
    },
    {
      name: "web-pages-not-to-funnel-or-lender",
      severity: "error",
      comment:
        "src/web/pages (landing, legal, privacy request and not-found pages, the public layout) stands beside " +
        "the funnel: it imports neither the funnel nor the lender connection.",
      from: { path: "^src/web/pages/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|hydration|api|site|session|frame|pages)/" },
    },
    {
      name: "web-console-imports-only-foundation",
      severity: "error",
      comment:
        "src/web/console (the operator console) is an app of its own beside the consumer site: it builds on ui " +
        "and styles, and no consumer folder imports it (their rules list it nowhere).",
      from: { path: "^src/web/console/" },
      to: { path: "^src/web/[^/]+/", pathNot: "^src/web/(ui|styles|console)/" },
    },
    {
      name: "console-packages-only-in-console",
      severity: "error",
      comment:
        "The console's table and chart packages stay out of every consumer page's chunks: the landing page " +
        "ships no JavaScript before a touch and the funnel's shell must not grow (decision 0034).",
      from: { path: "^src/web/", pathNot: "^src/web/console/" },
      to: { path: packages(...CONSOLE_PACKAGES) },
    },
    {
      name: "web-folder-not-to-composition",
      severity: "error",
      comment:
        "Only the files at the top of src/web (root.tsx, routes.ts) compose the folders; no folder imports them.",
      from: { path: "^src/web/[^/]+/" },
      to: { path: "^src/web/[^/]+$" },
    },
    // dependency-cruiser's folder scope counts a folder with all its subfolders, so it cannot see a folder's own
    // files and one of its subfolders importing each other (site and site/brands, funnel and funnel/fields did).
    // Within a web folder the direction is therefore stated too: a subfolder does not import the files beside
    // it in its parent, except the funnel's fields, screens and routes, which build on the funnel's core files
    // (its state, step shell, forms), and those files import none of them.
    {
      name: "web-subfolder-not-to-parent-files",
      severity: "error",
      comment:
        "A subfolder of a web folder (site/brands, frame/info, pages/landing, funnel/chrome...) does not import " +
        "the files directly in that folder: they may import it, and the two would be a circle no folder rule " +
        "sees. The funnel's fields, screens and routes, and the console's areas, are the exceptions " +
        "(web-funnel-core-not-to-screens, web-console-core-not-to-areas).",
      from: { path: "^src/web/([^/]+)/[^/]+/", pathNot: "^src/web/(funnel/(fields|screens|routes)|console/[^/]+)/" },
      to: { path: "^src/web/$1/[^/]+$" },
    },
    {
      name: "web-funnel-core-not-to-screens",
      severity: "error",
      comment:
        "The files directly in src/web/funnel (state, step shell, step form, saving, the funnel's frame) are the " +
        "core that funnel/fields, funnel/screens and funnel/routes build on: they import none of those.",
      from: { path: "^src/web/funnel/[^/]+$" },
      to: { path: "^src/web/funnel/(fields|screens|routes)/" },
    },
    {
      name: "web-console-core-not-to-areas",
      severity: "error",
      comment:
        "The files directly in src/web/console (layout, sign-in, session, API client, time zone) are the core " +
        "that each area of the console (console/leads, console/buyers, console/ui...) builds on: they import none.",
      from: { path: "^src/web/console/[^/]+$" },
      to: { path: "^src/web/console/[^/]+/" },
    },
    {
      name: "no-circular-folders",
      severity: "error",
      comment:
        "No two folders of src/server or of src/web import each other, directly or around a longer circle " +
        "(type-only imports and tests included): move what both need into a lower folder. dependency-cruiser " +
        "counts a folder together with its subfolders, so a circle between a folder's own files and one of its " +
        "subfolders is not seen here: the composition rules, the server-subfolder rules and " +
        "web-subfolder-not-to-parent-files hold those.",
      scope: "folder",
      from: { path: "^src/(server|web)/" },
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
