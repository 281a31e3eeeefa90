import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../helpers/built-server.ts";
import { CHROMIUM_PATH } from "./browser.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `End-to-end tests need Chromium at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium ` +
        `(or point CHROMIUM_PATH at a Chromium binary).`,
    );
  }
  // The simulated lenders run as in development, on a free port, so an application can reach an offer page.
  const server = await startBuiltServer({ SIMULATED_LENDERS: "on", SIMULATED_LENDERS_PORT: "0" });
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", server.dataDir);

  return server.stop;
}
