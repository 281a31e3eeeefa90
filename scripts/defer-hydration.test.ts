import { describe, expect, it } from "vitest";
import { HOME_PATHS } from "../src/web/frame/home-paths.ts";
import { deferHydration, gateFor, pagePath } from "./defer-hydration.ts";

// The shape React Router's <Scripts /> writes into a prerendered page (trimmed).
const PAGE = [
  '<html><head><link rel="stylesheet" href="/assets/site.css" data-precedence="site"/>',
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.js"/>',
  '<link rel="modulepreload" href="/assets/root.js"/></head><body><main>Hello</main>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");</script></body></html>',
].join("");

describe("defer hydration", () => {
  const gateOptions = {
    hydratedEvent: "test:hydrated",
    failedEvent: "test:failed",
    untilIntent: true,
    startAtOnceParams: ["email"],
    unreadEntryKey: "test:unread",
    campaignParams: ["utm_source"],
  };
  const out = deferHydration(PAGE, "index.html", gateOptions);
  const script = /<script type="module" async="">([\s\S]*)<\/script>/.exec(out)![1]!;

  it("takes the module preloads out of the HTML and leaves the rest of the page as it was", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/site.css" data-precedence="site"/>');
    expect(out).toContain("<main>Hello</main><script>window.__reactRouterContext = {};</script>");
  });

  it("starts the same modules from the bootstrap once the gate opens, preloads first", () => {
    expect(script).not.toMatch(/^import /m);
    const gate = script.indexOf(
      '({"hydratedEvent":"test:hydrated","failedEvent":"test:failed","untilIntent":true,' +
        '"startAtOnceParams":["email"],"unreadEntryKey":"test:unread","campaignParams":["utm_source"]});',
    );
    const preloads = script.indexOf('["/assets/manifest.js","/assets/entry.js","/assets/root.js"]');
    const imports = script.indexOf(
      'const [,route0] = await Promise.all([import("/assets/manifest.js"), import("/assets/root.js")]).catch(',
    );
    // A failed import is announced to the gate, which then lets go of the taps it held.
    expect(script).toContain('dispatchEvent(new Event("test:failed"));');
    const rest = script.indexOf('window.__reactRouterRouteModules = {"root":route0};');
    expect([gate, preloads, imports, rest].every((i) => i >= 0)).toBe(true);
    expect(gate < preloads && preloads < imports && imports < rest).toBe(true);
    expect(script.trimEnd().endsWith('import("/assets/entry.js");')).toBe(true);
  });

  it("inlines the gate as plain JavaScript the browser can parse as a module", async () => {
    expect(script.startsWith("await (async function hydrationGate(")).toBe(true);
    // No TypeScript is left in it: the whole bootstrap parses as JavaScript.
    const AsyncFunction = (async () => {}).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script)).not.toThrow();
  });

  it("fails on a page whose scripts have another shape", () => {
    expect(() =>
      deferHydration("<html><body></body></html>", "other.html", { ...gateOptions, untilIntent: false }),
    ).toThrow(/other.html/);
  });

  it("makes only the landing page's paths wait for the visitor", () => {
    expect(pagePath("index.html")).toBe("/");
    expect(pagePath("start/index.html")).toBe("/start");
    expect(HOME_PATHS.map((p) => gateFor(p === "/" ? "index.html" : `${p.slice(1)}/index.html`).untilIntent)).toEqual(
      HOME_PATHS.map(() => true),
    );
    expect(gateFor("privacy/index.html").untilIntent).toBe(false);
    expect(gateFor("do-not-sell-information/index.html").untilIntent).toBe(false);
  });
});
