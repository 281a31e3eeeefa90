// npm run bench: the landing page under Lighthouse mobile (landing-lighthouse.ts); the funnel screens in
// Chromium (funnel-screens.ts); step-update throughput and p99 latency
// against a Fastify hello-world route measured in the same run, on the embedded database and (when
// reachable) on PostgreSQL; and the lender auction (auction-goals.ts with the server in its own process on PostgreSQL, then auction.ts). Ratios, not absolute numbers, are what to
// compare across machines: the load generator shares the 2 cores with the server. The console's read
// endpoints at volume on PostgreSQL (console.ts), and the publisher API's direct post against its auction alone
// (publisher-post.ts), and what the screening gate adds to each lead (screening-gate.ts), and what a billed buyer's room check adds to a
// sale (buyer-room.ts). BENCH_ONLY=landing, web, server, auction, publisher, screening, room or console runs one part.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import autocannon from "autocannon";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openDatabase } from "../src/server/platform/db/database.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";
import { benchAuction } from "./auction.ts";
import { benchAuctionGoals } from "./auction-goals.ts";
import { benchDecisionReach } from "./decision-reach.ts";
import { benchConsole } from "./console.ts";
import { benchFunnelScreens } from "./funnel-screens.ts";
import { benchLandingLighthouse } from "./landing-lighthouse.ts";
import { benchPublisherPost } from "./publisher-post.ts";
import { benchScreeningGate } from "./screening-gate.ts";
import { benchBuyerRoom } from "./buyer-room.ts";
import { quickStartLeads } from "./quick-start-leads.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const FIXED_RATE = 1000;

type Row = { scenario: string; rps: number; p50: number; p99: number; non2xx: number };

async function listen(app: { listen(o: { port: number; host: string }): Promise<string> }) {
  return app.listen({ port: 0, host: "127.0.0.1" });
}

async function measure(scenario: string, options: Parameters<typeof autocannon>[0]): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    scenario,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
  };
}

async function baseline(): Promise<Row> {
  const app = Fastify({ logger: false });
  app.get("/hello", async () => ({ hello: "world" }));
  const url = await listen(app);
  const row = await measure("baseline: Fastify hello-world", { url: `${url}/hello` });
  await app.close();
  return row;
}

async function stepUpdates(driver: "pglite" | "postgres"): Promise<Row[]> {
  // PGlite persisted on disk, as `npm start` runs it (in memory would flatter it); PostgreSQL in a fresh
  // database on the local server.
  let dataDir: string | undefined;
  let database;
  if (driver === "postgres") {
    process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
    database = await createTestDatabase();
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-bench-"));
    database = await openDatabase({ dataDir });
    await database.migrate();
  }
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    RATE_LIMIT_STEPS_PER_MINUTE: "100000000",
    RATE_LIMIT_LEADS_PER_MINUTE: "100000000",
  });
  const app = await buildApp({ config, database, secrets: randomSecrets() });
  const url = await listen(app);

  // 50 applicants, each with their own lead and access cookie, answering the own-home step repeatedly.
  const leads = await quickStartLeads(url, 50, "bench");
  let n = 0;
  const requests = [
    {
      method: "PUT",
      setupRequest: (req: Record<string, unknown>) => {
        const lead = leads[n++ % leads.length]!;
        return {
          ...req,
          path: `/api/personal_loan/lead/v2/${lead.id}/step`,
          headers: { "content-type": "application/json", cookie: lead.cookie },
          body: JSON.stringify({ step: 8, lead_id: lead.id, ownHome: n % 2 ? "YES" : "NO" }),
        };
      },
    },
  ];
  const rows = [
    await measure(`step update (${driver}), ${CONNECTIONS} connections`, { url, requests }),
    await measure(`step update (${driver}), fixed ${FIXED_RATE} req/s`, { url, requests, overallRate: FIXED_RATE }),
  ];
  await app.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  return rows;
}

async function postgresReachable(): Promise<boolean> {
  try {
    const db = await openDatabase({
      databaseUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      poolSize: 1,
    });
    const up = await db.ping();
    await db.close();
    return up;
  } catch {
    return false;
  }
}

const only = process.env.BENCH_ONLY;
if (
  only !== undefined &&
  !["landing", "web", "server", "auction", "publisher", "screening", "room", "console"].includes(only)
) {
  console.error(
    `BENCH_ONLY must be landing, web, server, auction, publisher, screening, room or console (got ${only})`,
  );
  process.exit(1);
}
if (only === undefined || only === "landing") await benchLandingLighthouse();
if (only === undefined || only === "web") await benchFunnelScreens();
if (only === undefined || only === "auction") {
  // Issue 21's goals first (the server in its own process on PostgreSQL); BENCH_AUCTION_GOALS_ONLY=1 skips the
  // older in-process table (PGlite, the browser rounds).
  if (await postgresReachable()) {
    await benchAuctionGoals();
    await benchDecisionReach();
  } else console.log("PostgreSQL not reachable: skipping the auction goals");
  if (process.env.BENCH_AUCTION_GOALS_ONLY !== "1") await benchAuction();
}
if (only === undefined || only === "publisher") await benchPublisherPost();
if (only === undefined || only === "screening") await benchScreeningGate(await postgresReachable());
if (only === undefined || only === "room") await benchBuyerRoom(await postgresReachable());
if (only === undefined || only === "console") await benchConsole();
if (only !== undefined && only !== "server") process.exit(0);

const base = await baseline();
const rows: Row[] = [base, ...(await stepUpdates("pglite"))];
if (await postgresReachable()) rows.push(...(await stepUpdates("postgres")));
else console.log("PostgreSQL not reachable: skipping the PostgreSQL rows");

console.log(`\nBenchmarks (${DURATION}s each, ${CONNECTIONS} connections, load generator on the same machine)\n`);
console.log("| scenario | req/s | vs baseline | p50 ms | p99 ms | non-2xx |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.scenario} | ${r.rps} | ${(r.rps / base.rps).toFixed(3)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
}
console.log(
  "\nGoals (issue 4): step-update throughput at least 0.25 of baseline; p99 under 25 ms at a fixed 1,000 req/s.",
);
