// The real server (`node src/server/main.ts`) in a process of its own, so what it costs is measured apart from
// the fakes and the clients that drive it: its CPU time and memory read from /proc/<pid> (Linux), the same
// figures `top` shows. Started on a database the caller made, with secrets the caller also knows (the bench
// writes leads and buyers straight into the database).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseKeyring } from "../src/server/platform/security/pii-cipher.ts";
import type { Secrets } from "../src/server/platform/security/secrets.ts";
import { listeningPort } from "../tests/helpers/built-server.ts";

/** Linux counts process CPU time in clock ticks of 1/100 s (`getconf CLK_TCK`). */
const TICK_MS = 10;

export type ServerProcess = {
  url: string;
  pid: number;
  /** The server's user + system CPU time so far, in ms (10 ms resolution: compare over many auctions). */
  cpuMs(): Promise<number>;
  /** Statements the server has sent to PostgreSQL so far (count-queries.ts). */
  statements(): Promise<number>;
  /** Resident memory now and its peak since start (VmRSS, VmHWM), in bytes. */
  memory(): Promise<{ rss: number; peak: number }>;
  output(): string;
  stop(): Promise<void>;
};

/** Secrets for the server's environment and the same, parsed, for the bench's own writes. */
export function benchSecrets(): { env: Record<string, string>; secrets: Secrets } {
  const piiKeys = `bench1:${randomBytes(32).toString("base64")}`;
  const tokenSecret = randomBytes(48);
  return {
    env: { PII_ENCRYPTION_KEYS: piiKeys, TOKEN_SECRET: tokenSecret.toString("base64") },
    secrets: { piiKeyring: parseKeyring(piiKeys, undefined), tokenSecret },
  };
}

/**
 * The Node flags `npm start` gives the server (package.json), so the bench measures the server as it is run; flags in
 * BENCH_SERVER_NODE_ARGS come after them and win.
 */
function startFlags(): string[] {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode((?: --\S+)*) src\/server\/main\.ts/.exec(start)?.[1];
  if (flags === undefined) throw new Error("package.json's start script no longer runs node … src/server/main.ts");
  return flags.split(" ").filter(Boolean);
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-bench-server-"));
  let output = "";
  const countFile = path.join(dataDir, "statements");
  const child = spawn(
    process.execPath,
    [
      "--import",
      "./bench/count-queries.ts",
      ...startFlags(),
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "src/server/main.ts",
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: "test",
        // The port the system gives it, said over the IPC channel (a port found free first could be taken).
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        SIMULATED_LENDERS: "off",
        // The bench's fake buyers listen on loopback, which the outbound guard refuses unless allowed.
        OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
        BENCH_QUERY_COUNT_FILE: countFile,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${await listeningPort(child, () => output)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    async cpuMs() {
      // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
      // utime and stime are the 14th and 15th of the whole line.
      const stat = await readFile(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    },
    async statements() {
      await rm(countFile, { force: true });
      child.kill("SIGUSR2");
      for (let i = 0; i < 100; i++) {
        const text = await readFile(countFile, "utf8").catch(() => "");
        if (text) return Number(text);
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error("the server did not report its statement count");
    },
    async memory() {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb("VmRSS"), peak: kb("VmHWM") };
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time every process on the machine has spent (Linux's /proc/stat, all cores, in the same ticks as a process's
 * own), in ms; undefined elsewhere. With it, work is also counted for the whole machine (PostgreSQL, fakes, clients).
 */
export async function machineBusyMs(): Promise<number | undefined> {
  try {
    const [cpu] = (await readFile("/proc/stat", "utf8")).split("\n");
    const [user, nice, system, , , irq, softirq, steal] = cpu!.split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
  } catch {
    return undefined;
  }
}
