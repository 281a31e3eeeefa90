import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../helpers/built-server.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { CHROMIUM_PATH, launchBrowserServer, SHARED_BROWSER_ENV } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    operatorPassword: string;
  }
}

/** Turns on the operator's pages of the run's server (a test signs in to them); no secret outside the run. */
const OPERATOR_PASSWORD = "end-to-end operator password";

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `End-to-end tests need Chromium at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium ` +
        `(or point CHROMIUM_PATH at a Chromium binary).`,
    );
  }
  // The simulated lenders run as in development, on a free port, so an application can reach an offer page.
  // Every file shares this server and runs beside others, all from one address (the server suites test the limits).
  const [server, browser] = await Promise.all([
    startBuiltServer({
      SIMULATED_LENDERS: "on",
      SIMULATED_LENDERS_PORT: "0",
      OPERATOR_PASSWORD,
      ...GENEROUS_RATE_LIMITS,
    }),
    launchBrowserServer(),
  ]);
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", server.dataDir);
  project.provide("operatorPassword", OPERATOR_PASSWORD);
  // The workers start after this setup and inherit its environment.
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();

  return async () => {
    delete process.env[SHARED_BROWSER_ENV];
    await Promise.all([server.stop(), browser.close()]);
  };
}
