import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyDirectory } from "./copy-directory.ts";

// The real server (`src/server/main.ts`, serving the built web app) on a free loopback port with its own
// embedded database in a temporary directory: what the end-to-end tests and the browser bench drive.

// The first open of a new embedded database takes seconds, and many more on a busy machine: wait long
// enough that only a server that cannot start fails here.
const STARTUP_LIMIT_MS = 120_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy in ${STARTUP_LIMIT_MS / 1000} s:\n${output()}`);
}

/** The port the server says it listens on (main.ts, over the IPC channel, which is then closed). */
export function listeningPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off("message", heard);
      child.off("exit", exited);
    };
    const heard = (message: unknown) => {
      const port = (message as { listening?: unknown } | null)?.listening;
      if (typeof port !== "number") return;
      done();
      child.disconnect();
      resolve(port);
    };
    const exited = () => {
      done();
      reject(new Error(`The server exited early:\n${output()}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`The server did not listen in ${STARTUP_LIMIT_MS / 1000} s:\n${output()}`));
    }, STARTUP_LIMIT_MS);
    child.on("message", heard);
    child.once("exit", exited);
  });
}

/**
 * Where a run keeps a migrated embedded database to start servers from (tests/e2e/global-setup.ts): a data
 * directory whose `pglite` holds the schema and the job queue's tables. A server on a copy of it starts in about
 * 2 s of a machine's time instead of 5.5 s, most of the difference the first open and migration of a new database.
 */
export const SERVER_TEMPLATE_ENV = "LOANPATH_TEST_SERVER_TEMPLATE";

/** Fills `dataDir` from the run's template when there is one; a directory without it starts from empty. */
export async function seedDataDir(dataDir: string): Promise<void> {
  const template = process.env[SERVER_TEMPLATE_ENV];
  if (template) await copyDirectory(path.join(template, "pglite"), path.join(dataDir, "pglite"));
}

export type BuiltServer = {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed so far (for a failing test's message). */
  output: () => string;
  /**
   * SIGTERM, wait for the exit, and remove the data directory unless the caller passed its own. Answers
   * the exit code (0 for a clean stop).
   */
  stop: () => Promise<number | null>;
  /** SIGKILL, as a crash: no shutdown hook runs; the data directory stays for a restart on it. */
  kill: () => Promise<void>;
};

/**
 * Starts the server. `dataDir` runs it on a directory the caller owns (kept on stop and kill, so a crash
 * test can start it again on the same embedded database); without it, a fresh temporary one.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<BuiltServer> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-server-"));
    await seedDataDir(dataDir);
  }
  let output = "";
  // PORT=0: the server listens on a port the system gives it and says which over the IPC channel (main.ts). A port
  // found free here and handed to it could be taken by another test's server or fake before it listened, and the
  // health check would then have asked that one.
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The tests' fake buyers and services listen on loopback, which the outbound guard refuses unless allowed.
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  let baseURL: string;
  try {
    const port = await listeningPort(child, () => output);
    baseURL = `http://127.0.0.1:${port}`;
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    await end("SIGKILL");
    throw error;
  }
  return {
    baseURL,
    dataDir,
    output: () => output,
    stop: async () => {
      const code = await end("SIGTERM");
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    kill: async () => void (await end("SIGKILL")),
  };
}
