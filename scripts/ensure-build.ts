// `npm start` and the end-to-end tests need a web build that matches the sources: build when there is
// none, or when any source file is newer than it.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const marker = path.resolve("build/client/__spa-fallback.html");
const inputs = [
  "src/web",
  "src/domain",
  "react-router.config.ts",
  "vite.config.ts",
  "package.json",
  "scripts/defer-hydration.ts",
];

function newestMtime(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(...inputs.map(newestMtime));
if (built === 0 || sources > built) {
  console.log(built === 0 ? "No web build found: building…" : "Sources changed since the last build: rebuilding…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
