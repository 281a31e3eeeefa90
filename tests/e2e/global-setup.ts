import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedDataDir, SERVER_TEMPLATE_ENV, startBuiltServer } from "../helpers/built-server.ts";
import { migrateEmbeddedTemplate } from "../setup/database-template.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { launchBrowserServer, SHARED_BROWSER_ENV } from "./browser.ts";
import { requireBrowser } from "./find-browser.ts";
import { createOwnerWithCommand, type ConsoleOwner } from "./console-owner.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    consoleOwner: ConsoleOwner;
  }
}

export default async function setup(project: TestProject) {
  // Which browser the run drives, said before anything starts; none found stops the run with the ways to get one.
  const chromium = requireBrowser("test");
  console.log(`End-to-end tests in ${chromium.name}: ${chromium.path}`);
  // The simulated lenders run as in development, on a free port, so an application can reach an offer page.
  // Every file shares this server and runs beside others, all from one address (the server suites test the limits).
  // The console's first owner is made on the server's database before the server holds it.
  // Every server of the run starts on a copy of one migrated embedded database (SERVER_TEMPLATE_ENV), made while
  // the browser starts; the workers inherit its place through the environment.
  const template = await mkdtemp(path.join(tmpdir(), "loanpath-e2e-template-"));
  const [, browser] = await Promise.all([migrateEmbeddedTemplate(template), launchBrowserServer(chromium.path)]);
  process.env[SERVER_TEMPLATE_ENV] = template;
  const dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-e2e-"));
  await seedDataDir(dataDir);
  const owner = await createOwnerWithCommand(dataDir);
  const server = await startBuiltServer(
    { SIMULATED_LENDERS: "on", SIMULATED_LENDERS_PORT: "0", ...GENEROUS_RATE_LIMITS },
    { dataDir },
  );
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", server.dataDir);
  project.provide("consoleOwner", owner);
  // The workers start after this setup and inherit its environment.
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();

  return async () => {
    delete process.env[SHARED_BROWSER_ENV];
    delete process.env[SERVER_TEMPLATE_ENV];
    await Promise.all([server.stop(), browser.close()]);
    await Promise.all([dataDir, template].map((dir) => rm(dir, { recursive: true, force: true })));
  };
}
