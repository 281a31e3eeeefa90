import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule lives in eslint.config.js; these fixtures prove it fails on a forbidden import and
// stays quiet on an allowed one, so a broken config cannot pass silently.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer boundaries", () => {
  it.each([
    ["src/domain/fixture.ts", 'import { buildApp } from "#server/app.ts";\nexport const x = buildApp;\n'],
    ["src/domain/fixture.ts", 'import { x } from "../web/ui/form-field.tsx";\nexport const y = x;\n'],
    ["src/domain/fixture.ts", 'import { readFile } from "node:fs/promises";\nexport const y = readFile;\n'],
    ["src/web/pages/fixture.tsx", 'import { loadConfig } from "#server/config.ts";\nexport const y = loadConfig;\n'],
    ["src/web/pages/fixture.tsx", 'import { x } from "../../server/config.ts";\nexport const y = x;\n'],
    ["src/web/pages/fixture.tsx", 'import pg from "pg";\nexport const y = pg;\n'],
    ["src/server/fixture.ts", 'import { x } from "#web/ui/form-field.tsx";\nexport const y = x;\n'],
    ["src/server/leads/fixture.ts", 'import { x } from "../../web/root.tsx";\nexport const y = x;\n'],
  ])("%s rejects %j", async (filePath, code) => {
    expect(await restrictedImportMessages(filePath, code)).toHaveLength(1);
  });

  it.each([
    ["src/web/pages/fixture.tsx", 'import { MESSAGES } from "#domain/messages.ts";\nexport const y = MESSAGES;\n'],
    ["src/server/fixture.ts", 'import { MESSAGES } from "#domain/messages.ts";\nexport const y = MESSAGES;\n'],
    [
      "src/domain/fixture.ts",
      'import { z } from "zod";\nimport { MESSAGES } from "./messages.ts";\nexport const y = [z, MESSAGES];\n',
    ],
  ])("%s allows %j", async (filePath, code) => {
    expect(await restrictedImportMessages(filePath, code)).toEqual([]);
  });
});
