import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Copies a directory tree (a PGlite data directory, from a migrated template) to `to`, which must not exist yet.
 * `cp` copies a template's thousand files several times faster than fs.cp does.
 */
export async function copyDirectory(from: string, to: string): Promise<void> {
  await run("cp", ["-r", from, to]);
}
