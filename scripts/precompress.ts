// Writes .br and .gz beside every compressible file of the web build, once, at build time, so the server
// sends compressed bytes without compressing per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".webmanifest", ".ico"]);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
for await (const file of walk(root)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const body = await readFile(file);
  if (body.length < 512) continue;
  await writeFile(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompress: ${count} files in ${path.relative(process.cwd(), root) || "."}`);
