// Runs first in every npm script that starts the product's code. Those scripts run .ts files straight
// through Node's type stripping, which older versions lack: Node 20 stops with ERR_UNKNOWN_FILE_EXTENSION
// and no hint why. This file is plain JavaScript with no imports of ours, so any Node that can start it
// says instead which version is needed and how to get it. The required major version is the one
// package.json's engines field names, so there is one place to change it.
/* global process, console, URL -- Node globals; ESLint gives .mjs files none by default */
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const range = (pkg.engines || {}).node || "";
const required = Number((/\d+/.exec(range) || [NaN])[0]); // 24 from ">=24" or "^24.0.0"
if (!required) throw new Error(`package.json engines.node names no version: "${range}"`);

const found = process.versions.node;
if (Number(found.split(".")[0]) < required) {
  console.error(
    [
      `Loanpath needs Node.js ${required} or newer, but this is Node.js ${found}.`,
      `Install Node.js ${required} (the version in .nvmrc) and run the command again, for example:`,
      "  nvm install && nvm use    # nvm reads .nvmrc",
      "  fnm install && fnm use    # fnm reads .nvmrc too",
      `  or the Node.js ${required} LTS installer from https://nodejs.org/`,
    ].join("\n"),
  );
  process.exit(1);
}
