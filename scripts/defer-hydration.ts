// Rewrites each prerendered page of the web build so that its JavaScript is fetched after the page's first
// paint instead of with it, and the landing page's only once the visitor reaches for it
// (docs/decisions/0024-landing-performance.md, docs/decisions/0025-hydrate-on-intent.md). React Router's
// <Scripts /> writes a modulepreload link for every module the page hydrates with, which a phone on a slow network
// downloads alongside the one stylesheet the paint waits for. Here the links leave the HTML, and the inline module
// that starts the app first awaits the hydration gate (src/web/hydration/hydration-gate.ts, inlined as its source),
// then adds the same links (the same parallel fetch) and imports the same modules. The SPA fallback (the funnel's
// pages, which have nothing to paint before their JavaScript) is left as it is. A page whose scripts do not have the
// expected shape fails the build.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ATTRIBUTION_KEYS } from "../src/domain/attribution.ts";
import { HYDRATED_EVENT, HYDRATION_FAILED_EVENT, UNREAD_ENTRY_KEY } from "../src/web/hydration/hydrated-event.ts";
import { hydrationGate, type HydrationGateOptions } from "../src/web/hydration/hydration-gate.ts";
import { HOME_PATHS } from "../src/web/frame/home-paths.ts";
import { EMAIL_LINK_PARAM_NAMES } from "../src/domain/mail-links.ts";

const root = path.resolve(process.argv[2] ?? "build/client");
const SPA_FALLBACK = "__spa-fallback.html";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");\n/gm;

/** The page's HTML with its module preloads and bootstrap moved behind the hydration gate. */
export function deferHydration(html: string, file: string, gate: HydrationGateOptions): string {
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const bootstrap = BOOTSTRAP.exec(html);
  if (preloads.length === 0 || !bootstrap) throw new Error(`${file}: no module preloads or bootstrap script`);
  const body = bootstrap[1]!;
  const imports = [...body.matchAll(STATIC_IMPORT)];
  if (imports.length === 0) throw new Error(`${file}: the bootstrap script has no static import`);
  const rest = body.replace(STATIC_IMPORT, "").trim();
  const names = imports.map((m) => m[1] ?? "").join(",");
  const script = [
    `await (${hydrationGate.toString()})(${JSON.stringify(gate)});`,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "}",
    `const [${names}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(", ")}]).catch((error) => {`,
    `  dispatchEvent(new Event(${JSON.stringify(gate.failedEvent)}));`,
    "  throw error;",
    "});",
    rest,
  ].join("\n");
  return html.replace(PRELOAD, "").replace(bootstrap[0], () => `<script type="module" async="">${script}</script>`);
}

/** The URL path a prerendered file answers: `index.html` is `/`, `start/index.html` is `/start`. */
export function pagePath(file: string): string {
  const dir = path.posix.dirname(file.split(path.sep).join("/"));
  return dir === "." ? "/" : `/${dir}`;
}

/** The landing page waits for the visitor; every other prerendered page starts its app after its first paint. */
export function gateFor(file: string): HydrationGateOptions {
  return {
    hydratedEvent: HYDRATED_EVENT,
    failedEvent: HYDRATION_FAILED_EVENT,
    untilIntent: HOME_PATHS.includes(pagePath(file)),
    startAtOnceParams: EMAIL_LINK_PARAM_NAMES,
    unreadEntryKey: UNREAD_ENTRY_KEY,
    campaignParams: ATTRIBUTION_KEYS,
  };
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.isFile() && entry.name.endsWith(".html") && entry.name !== SPA_FALLBACK) yield full;
  }
}

if (import.meta.main) {
  let count = 0;
  let onIntent = 0;
  for await (const file of htmlFiles(root)) {
    const relative = path.relative(root, file);
    const gate = gateFor(relative);
    await writeFile(file, deferHydration(await readFile(file, "utf8"), relative, gate));
    count++;
    if (gate.untilIntent) onIntent++;
  }
  if (onIntent !== HOME_PATHS.length)
    throw new Error(`defer-hydration: ${onIntent} landing pages found, not ${HOME_PATHS.length}`);
  console.log(
    `defer-hydration: ${count} prerendered pages in ${path.relative(process.cwd(), root) || "."}, ${onIntent} of them on intent`,
  );
}
