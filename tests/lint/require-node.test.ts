import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// scripts/require-node.mjs runs first in the npm scripts that start the product's .ts files. It is run
// here as npm runs it, with process.versions.node replaced before it starts, to see what an older or
// newer Node would make of it without installing one.
const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

function runUnder(version: string) {
  const fake = `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });`;
  return spawnSync(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(fake)}`, "scripts/require-node.mjs"],
    { cwd: root, encoding: "utf8" },
  );
}

describe("the Node version preflight", () => {
  it.each(["20.20.2", "22.17.1", "23.11.1"])("stops Node %s with the required and found versions", (version) => {
    const result = runUnder(version);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Loanpath needs Node.js 24 or newer, but this is Node.js ${version}.`);
    expect(result.stderr).toContain("nvm install && nvm use");
    expect(result.stderr).toContain("https://nodejs.org/");
  });

  it.each(["24.0.0", "24.21.0", "26.10.0"])("lets Node %s through silently", (version) => {
    const result = runUnder(version);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("asks for the major version that .nvmrc names and engines allows", () => {
    const nvmrc = readFileSync(new URL(".nvmrc", root), "utf8").trim();
    expect(pkg.engines.node).toBe(`>=${nvmrc}`);
  });

  it.each(["start", "dev", "build", "test", "test:unit", "test:server", "test:e2e", "bench", "db:migrate"])(
    "runs first in npm run %s",
    (script) => {
      expect(pkg.scripts[script]).toMatch(/^node scripts\/require-node\.mjs && /);
    },
  );

  it("has npm refuse to install on an older Node", () => {
    const npmrc = readFileSync(new URL(".npmrc", root), "utf8");
    expect(npmrc).toMatch(/^engine-strict=true$/m);
  });
});
