import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "./hydrate-after-paint.ts";

// The shape React Router's <Scripts /> writes into a prerendered page (trimmed).
const PAGE = [
  '<html><head><link rel="stylesheet" href="/assets/site.css" data-precedence="site"/>',
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.js"/>',
  '<link rel="modulepreload" href="/assets/root.js"/></head><body><main>Hello</main>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");</script></body></html>',
].join("");

describe("hydrate after paint", () => {
  const out = hydrateAfterPaint(PAGE, "index.html");

  it("takes the module preloads out of the HTML and leaves the rest of the page as it was", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/site.css" data-precedence="site"/>');
    expect(out).toContain("<main>Hello</main><script>window.__reactRouterContext = {};</script>");
  });

  it("starts the same modules from the bootstrap after a painted frame, preloads first", () => {
    const script = /<script type="module" async="">([\s\S]*)<\/script>/.exec(out)![1]!;
    expect(script).not.toMatch(/^import /m);
    const waits = script.indexOf("requestAnimationFrame");
    const preloads = script.indexOf('["/assets/manifest.js","/assets/entry.js","/assets/root.js"]');
    const imports = script.indexOf(
      'const [,route0] = await Promise.all([import("/assets/manifest.js"), import("/assets/root.js")]);',
    );
    const rest = script.indexOf('window.__reactRouterRouteModules = {"root":route0};');
    expect([waits, preloads, imports, rest].every((i) => i >= 0)).toBe(true);
    expect(waits < preloads && preloads < imports && imports < rest).toBe(true);
    expect(script.trimEnd().endsWith('import("/assets/entry.js");')).toBe(true);
  });

  it("fails on a page whose scripts have another shape", () => {
    expect(() => hydrateAfterPaint("<html><body></body></html>", "other.html")).toThrow(/other.html/);
  });
});
