import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// The built web app (build/client) held in memory: it is a few hundred kilobytes, and serving from
// memory lets each page carry its own script hashes and ETag without touching the disk per request.
export type SiteFile = {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  contentType: string;
  etag: string;
  /** Vite's hashed file names never change content: cache them for a year. */
  immutable: boolean;
  /** sha256 (base64) of each inline <script> of an HTML file, for its Content-Security-Policy. */
  scriptHashes: string[];
};

export type Site = {
  files: Map<string, SiteFile>;
  spaFallback: SiteFile | undefined;
};

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const SPA_FALLBACK = "/__spa-fallback.html";

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const content = match[1] ?? "";
    if (content.length > 0) hashes.add(createHash("sha256").update(content, "utf8").digest("base64"));
  }
  return [...hashes];
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

export async function loadSite(root: string): Promise<Site | undefined> {
  const files = new Map<string, SiteFile>();
  try {
    for await (const full of walk(root)) {
      if (full.endsWith(".br") || full.endsWith(".gz")) continue;
      const ext = path.extname(full).toLowerCase();
      const body = await readFile(full);
      const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
      files.set(urlPath, {
        body,
        br: await readOptional(full + ".br"),
        gzip: await readOptional(full + ".gz"),
        contentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
        immutable: urlPath.startsWith("/assets/"),
        scriptHashes: ext === ".html" ? inlineScriptHashes(body.toString("utf8")) : [],
      });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return { files, spaFallback: files.get(SPA_FALLBACK) };
}

/** Which file answers a URL path: the file itself, a prerendered page, or the SPA shell. */
export function resolveSiteFile(site: Site, urlPath: string): { file: SiteFile; prerendered: boolean } | undefined {
  const exact = site.files.get(urlPath);
  if (exact && !urlPath.endsWith(".html")) return { file: exact, prerendered: false };
  const trimmed = urlPath.replace(/\/+$/, "");
  const page = site.files.get(`${trimmed}/index.html`);
  if (page) return { file: page, prerendered: true };
  // A missing asset is a 404, not the app shell: a browser would try to run HTML as a script.
  if (path.extname(trimmed) !== "" || trimmed.startsWith("/assets/")) return undefined;
  return site.spaFallback ? { file: site.spaFallback, prerendered: false } : undefined;
}
