import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { inlineScriptHashes } from "./load-site.ts";

const INLINE = "window.__ctx = {a:1};";
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><form>quick start</form><script>${INLINE}</script></body></html>`;
const SHELL = `<!doctype html><html><body><div>shell</div><script>window.__shell=1</script></body></html>`;
const SCRIPT = "console.log('app');".repeat(100);

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "loanpath-site-"));
  await mkdir(path.join(dir, "assets"));
  await mkdir(path.join(dir, "start"));
  await writeFile(path.join(dir, "index.html"), PAGE);
  await writeFile(path.join(dir, "start/index.html"), PAGE.replace("quick start", "start page"));
  await writeFile(path.join(dir, "__spa-fallback.html"), SHELL);
  await writeFile(path.join(dir, "assets/app-abc123.js"), SCRIPT);
  await writeFile(path.join(dir, "assets/app-abc123.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, "assets/app-abc123.js.gz"), gzipSync(SCRIPT));
  t = await createTestApp({ WEB_BUILD_DIR: dir });
});

afterAll(async () => {
  await t.app.close();
  await rm(dir, { recursive: true, force: true });
});

describe("serving the web build", () => {
  it("serves the prerendered page for / with a CSP that allows exactly its inline script", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("quick start");
    const hash = createHash("sha256").update(INLINE).digest("base64");
    expect(res.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
    expect(res.headers["content-security-policy"]).not.toContain("unsafe-inline");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves a nested prerendered route with or without a trailing slash", async () => {
    for (const url of ["/start", "/start/"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.body).toContain("start page");
    }
  });

  it("serves the SPA shell for client routes that have no prerendered page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/lgname?x=1" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("shell");
  });

  it("gives each answer of a console page its own style nonce, in the CSP and in the page, and keeps no copy", async () => {
    const answers = await Promise.all([1, 2].map(() => t.app.inject({ method: "GET", url: "/console/leads?q=x" })));
    const nonces = answers.map((res) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("shell");
      expect(res.headers["cache-control"]).toBe("no-store");
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(res.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(res.headers["content-security-policy"]).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(res.headers["content-security-policy"]).not.toContain("unsafe-inline");
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // The consumer pages' styles stay 'self' only.
    const site = await t.app.inject({ method: "GET", url: "/lgname" });
    expect(site.headers["content-security-policy"]).toContain("style-src 'self';");
    expect(site.body).not.toContain("csp-nonce");
  });

  it("answers 404 with the SPA shell for a path that is no client route, so the app shows its not-found page", async () => {
    for (const url of ["/no-such-page", "/lgname/extra", "/wp-admin?x=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain("shell");
      expect(res.headers["content-security-policy"], url).toContain("default-src");
    }
  });

  it("serves hashed assets compressed and cached for a year", async () => {
    const br = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    const again = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers 404 for a missing asset instead of the HTML shell", async () => {
    for (const url of ["/assets/gone-123.js", "/favicon-missing.png"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
    }
  });

  it("cannot be walked out of the build directory", async () => {
    const res = await t.app.inject({ method: "GET", url: "/..%2f..%2fpackage.json" });
    expect(res.body).not.toContain('"name"');
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only, once each", () => {
    const html = `<script src="/a.js"></script><script>x()</script><script type="module">x()</script><script>y()</script>`;
    expect(inlineScriptHashes(html)).toEqual([
      createHash("sha256").update("x()").digest("base64"),
      createHash("sha256").update("y()").digest("base64"),
    ]);
  });
});
