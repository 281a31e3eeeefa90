// BENCH_ONLY=screening: what the gate (docs/product/screening.md) adds to each lead's auction. The real app in this
// process on an embedded database on disk, as `npm start` runs it, so the database's work is the server's CPU too; the
// outside services as fakes in a process of their own (screening-fakes.ts) answering after fixed latencies. Each
// lead is screened once, one at a time: its wall time, and this process's CPU time (user + system) over the call.
// Goal (issue 34): at most 5 ms of the server's CPU per lead, and a wall time of the slowest service's latency plus no
// more than that. The same run measures an auction's own CPU per lead without the gate, for scale.
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../src/server/app.ts";
import { saveLead } from "../src/server/distribution/auction/auction.testing.ts";
import { createAuction } from "../src/server/distribution/auction/auction-store.ts";
import { findLead } from "../src/server/intake/leads/lead-store.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openDatabase, type Database } from "../src/server/platform/db/database.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";
import { personHash } from "../src/server/platform/security/person-hash.ts";
import { velocityHashes } from "../src/server/screening/velocity/velocity-hashes.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { loadavg, median, p90 } from "./auction.ts";
import { BENCH_DOMAINS, FAKE_LATENCY_MS } from "./screening-fakes.ts";

const RUNS = Number(process.env.BENCH_SCREENING_RUNS ?? 60);
const WARMUP = 5;
const CPU_GOAL_MS = 5;

type Driver = "pglite" | "postgres";
const POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

type Fakes = { twilio: string; scrub: string; trustedform: string; dns: string };

function startFakes(): Promise<{ fakes: Fakes; stop: () => void }> {
  const child = fork(fileURLToPath(new URL("./screening-fakes.ts", import.meta.url)), { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", (fakes) => resolve({ fakes: fakes as Fakes, stop: () => child.kill() }));
    child.once("exit", (code) => reject(new Error(`the fakes stopped (${code})`)));
  });
}

type Sample = { wallMs: number; cpuMs: number };

/** A fresh database: embedded on disk, or on the local PostgreSQL server (its own CPU is then not this process's). */
async function freshDatabase(
  driver: Driver,
  label: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (driver === "postgres") {
    const given = process.env.DATABASE_URL;
    process.env.DATABASE_URL = given ?? POSTGRES_URL;
    try {
      const database = await createTestDatabase();
      return { database, drop: async () => {} };
    } finally {
      if (given === undefined) delete process.env.DATABASE_URL;
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `loanpath-bench-screening-${label}-`));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  return { database, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Screens RUNS fresh leads one at a time with the app `env` makes; each lead's wall and CPU time. */
async function screenLeads(env: Record<string, string>, label: string, driver: Driver): Promise<Sample[]> {
  const { database, drop } = await freshDatabase(driver, label);
  const secrets = randomSecrets();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SIMULATED_LENDERS: "off",
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
    TRUSTEDFORM_SCRIPT_URL: "https://api.trustedform.com/trustedform.js?field=xxTrustedFormCertUrl",
    ...env,
  });
  const app = await buildApp({ config, database, secrets });
  await app.ready();
  const t = { database, secrets };
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const domain = BENCH_DOMAINS[i % BENCH_DOMAINS.length]!;
      const saved = await saveLead(t, { email: `person.${i}.${label}@${domain}` });
      const lead = (await findLead(database.db, saved.id))!;
      const { row: auction } = await createAuction(
        database.db,
        {
          leadId: lead.id,
          testMode: false,
          attribution: { trustedFormURL: `https://cert.trustedform.com/${"0123456789abcdef".repeat(2)}${i}` },
          submission: {},
          emailHash: personHash(secrets.tokenSecret, "email", lead.email),
          phoneHash: personHash(secrets.tokenSecret, "phone", lead.cell_phone),
          ssnHash: null,
          ...velocityHashes(secrets.tokenSecret, { deviceId: `dv_bench${String(i).padStart(16, "0")}`, ip: "8.8.4.4" }),
          deadlineAt: new Date(Date.now() + 60_000),
        },
        0,
      );
      const cpu = process.cpuUsage();
      const started = performance.now();
      await app.screening.screen(lead, auction);
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (i >= WARMUP) samples.push({ wallMs, cpuMs: (used.user + used.system) / 1000 });
    }
  } finally {
    await app.close();
    await drop();
  }
  return samples;
}

const SERVICES = (fakes: Fakes) => ({
  TWILIO_ACCOUNT_SID: "ACbench",
  TWILIO_AUTH_TOKEN: "bench",
  TWILIO_LOOKUP_URL: fakes.twilio,
  EMAIL_MX_CHECK: "on",
  EMAIL_DNS_SERVERS: fakes.dns,
  LITIGATOR_SCRUB_URL: `${fakes.scrub}/scrub`,
  LITIGATOR_SCRUB_API_KEY: "bench",
  TRUSTEDFORM_API_KEY: "bench",
  TRUSTEDFORM_API_URL: fakes.trustedform,
});

export async function benchScreeningGate(postgres: boolean): Promise<void> {
  const { fakes, stop } = await startFakes();
  const slowest = Math.max(...Object.values(FAKE_LATENCY_MS));
  const f = (x: number) => x.toFixed(1);
  const wall = (s: Sample[]) => s.map((x) => x.wallMs);
  const cpu = (s: Sample[]) => s.map((x) => x.cpuMs);
  const cpuMet = (s: Sample[]) => (median(cpu(s)) <= CPU_GOAL_MS ? "met" : "NOT MET");
  const rows: string[] = [];
  try {
    for (const driver of postgres ? (["pglite", "postgres"] as const) : (["pglite"] as const)) {
      const where = driver === "pglite" ? "embedded database (its work is this process's CPU)" : "PostgreSQL";
      const offline = await screenLeads({}, "offline", driver);
      const adapters = await screenLeads(SERVICES(fakes), "adapters", driver);
      rows.push(
        `| ${where}, offline checks only: server CPU per lead | ${f(median(cpu(offline)))} | ${f(p90(cpu(offline)))} | <= ${CPU_GOAL_MS}: ${cpuMet(offline)} |`,
        `| ${where}, offline checks only: wall per lead | ${f(median(wall(offline)))} | ${f(p90(wall(offline)))} | |`,
        `| ${where}, every service on: server CPU per lead | ${f(median(cpu(adapters)))} | ${f(p90(cpu(adapters)))} | <= ${CPU_GOAL_MS}: ${cpuMet(adapters)} |`,
        `| ${where}, every service on: wall per lead (slowest service ${slowest} ms) | ${f(median(wall(adapters)))} | ${f(p90(wall(adapters)))} | <= ${slowest} + ${CPU_GOAL_MS}: ${median(wall(adapters)) - slowest <= CPU_GOAL_MS ? "met" : "NOT MET"} |`,
      );
    }
  } finally {
    stop();
  }
  console.log(
    `\nThe screening gate (${RUNS} leads one at a time after ${WARMUP} warm-up; services faked in another process: ` +
      `Twilio ${FAKE_LATENCY_MS.twilio} ms, litigator scrub ${FAKE_LATENCY_MS.scrub} ms, TrustedForm ` +
      `${FAKE_LATENCY_MS.trustedform} ms, DNS at once; load average ${await loadavg()})\n`,
  );
  console.log("| measure | median ms | p90 ms | goal |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(row);
}
