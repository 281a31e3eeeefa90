// BENCH_ONLY=console: the operator console's read endpoints at volume on PostgreSQL (issue 19, "Scale and
// speed"). A database of its own on the local server, filled by the seed (npm run seed:volume; BENCH_CONSOLE_LEADS
// leads, 500,000 unless set), then each endpoint asked in turn through the real app, signed in as an owner,
// beside a plain indexed select of one lead by id measured in the same run. Targets: p95 within 300 ms for a
// page's answer, 100 ms for a lead search.
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app.ts";
import { SEED_BUYER_PREFIX, seedEmail, seedLeadId } from "../src/server/console/volume/seed-shape.ts";
import { rebuildReportRollups } from "../src/server/console/reports/report-rollups-job.ts";
import { countSeed, seedVolume } from "../src/server/console/volume/seed-volume.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openDatabase } from "../src/server/platform/db/database.ts";
import { clearBuyerCallBodies } from "../src/server/workflows/retention/clear-buyer-call-bodies.ts";
import { signInAs } from "../tests/helpers/console-session.ts";
import { GENEROUS_RATE_LIMITS } from "../tests/helpers/generous-rate-limits.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { createPostgresDatabase } from "../tests/helpers/test-database.ts";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const LEADS = Number(process.env.BENCH_CONSOLE_LEADS ?? 500_000);
const RUNS = Number(process.env.BENCH_CONSOLE_RUNS ?? 40);
/**
 * BENCH_CONSOLE_KEEP=1: seed a database of that name once (bench_console_kept_<leads>) and keep it for the next run,
 * which then only migrates it and measures: for working on a query without seeding for minutes each time.
 */
const KEEP = process.env.BENCH_CONSOLE_KEEP === "1";
const PAGE_MS = 300;
const SEARCH_MS = 100;

type Row = { name: string; p50: number; p95: number; target?: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Times `once` RUNS times after two warm-up calls; milliseconds. */
async function timed(name: string, once: (i: number) => Promise<void>, target?: number): Promise<Row> {
  await once(-1);
  await once(-2);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await once(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { name, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), target };
}

export async function benchConsole(): Promise<void> {
  const fresh = KEEP
    ? await keptDatabase(ADMIN_URL, `bench_console_kept_${LEADS}`)
    : { ...(await createPostgresDatabase(ADMIN_URL, { prefix: "bench_console" })), seeded: false };
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  let closing = () => database.close();
  try {
    await database.migrate();
    // A kept database's search hashes were keyed by the run that seeded it: every kept run keys them alike.
    const secrets = KEEP ? { ...randomSecrets(), tokenSecret: Buffer.alloc(48, 19) } : randomSecrets();
    const started = Date.now();
    const counts = fresh.seeded
      ? await countSeed(database.db)
      : await seedVolume(database.db, secrets, { leads: LEADS }, (done, total) => {
          if (done === total || done % 100_000 < 25_000) console.log(`  seeded ${done} of ${total} leads`);
        });
    const seedSeconds = Math.round((Date.now() - started) / 1000);
    // The rollups as a running server keeps them: one regular rebuild (a kept database's rollups are as old as its
    // seed; one added since is built whole), timed, and none during the measures, which a rebuild's minutes of writing
    // would otherwise mix into whichever endpoint it overlapped.
    const rebuildStarted = performance.now();
    await rebuildReportRollups(database.db, new Date());
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      REPORT_ROLLUP_MINUTES: "0",
      // Nor the clearing of old bodies, which the bench measures on its own below (retentionAtVolume).
      BUYER_CALL_BODY_DAYS: "3650",
      ...GENEROUS_RATE_LIMITS,
    });
    const app = await buildApp({ config, database, secrets });
    await app.ready();
    // Closing the app closes its database too.
    let appOpen = true;
    const closeApp = async () => {
      if (appOpen) await app.close();
      appOpen = false;
    };
    closing = closeApp;
    const owner = await signInAs({ app, database, config, secrets, logs: () => "" }, "owner");
    const lead = () => 1 + randomInt(LEADS);
    const ask = (url: () => string) => async () => {
      const res = await app.inject({ method: "GET", url: url(), headers: owner.read });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    };

    const rows: Row[] = [
      await timed("baseline: select a lead by id", async () => {
        await database.db.execute(sql`select id, status, created_at from leads where id = ${seedLeadId(lead())}`);
      }),
    ];
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const weekAgo = daysAgo(7);
    const someBuyer = () => `${SEED_BUYER_PREFIX}${String(1 + randomInt(20)).padStart(2, "0")}`;
    // Buyers' references the seed kept (an accepting answer's id), sampled once, asked in turn.
    const refs = (
      (await database.db.execute(sql`select external_id from buyer_calls
        where external_id is not null order by random() limit 64`)) as unknown as { rows: { external_id: string }[] }
    ).rows.map((r) => r.external_id);
    let refTurn = 0;
    const buyerRef = () => refs[refTurn++ % Math.max(refs.length, 1)] ?? "none-kept";
    const endpoints: [string, () => string, number][] = [
      ["Today (today)", () => "/api/console/reports/today?period=today", PAGE_MS],
      ["Today (7d)", () => "/api/console/reports/today?period=7d", PAGE_MS],
      ["Today (30d)", () => "/api/console/reports/today?period=30d", PAGE_MS],
      ["Today (30d, and the 30 days before)", () => "/api/console/reports/today?period=30d&compare=previous", PAGE_MS],
      ["Today (90 days, custom)", () => `/api/console/reports/today?from=${daysAgo(89)}&to=${daysAgo(0)}`, PAGE_MS],
      [
        "Today (90 days, custom, and the 90 before)",
        () => `/api/console/reports/today?from=${daysAgo(89)}&to=${daysAgo(0)}&compare=previous`,
        PAGE_MS,
      ],
      [
        "Today (by hour, yesterday, and the day before)",
        () => "/api/console/reports/today?period=yesterday&compare=previous",
        PAGE_MS,
      ],
      [
        "Buyer report (30d, and the 30 days before)",
        () => "/api/console/reports/buyers?period=30d&compare=previous",
        PAGE_MS,
      ],
      [
        "Buyer report (90 days, custom, and the 90 before)",
        () => `/api/console/reports/buyers?from=${daysAgo(89)}&to=${daysAgo(0)}&compare=previous`,
        PAGE_MS,
      ],
      [
        "Publisher report (30d, and the 30 days before)",
        () => "/api/console/reports/publishers?period=30d&compare=previous",
        PAGE_MS,
      ],
      [
        "Publisher report (90 days, custom, and the 90 before)",
        () => `/api/console/reports/publishers?from=${daysAgo(89)}&to=${daysAgo(0)}&compare=previous`,
        PAGE_MS,
      ],
      ["Funnel (30d, main)", () => "/api/console/reports/funnel?period=30d&path=main", PAGE_MS],
      ["Funnel (30d, apply)", () => "/api/console/reports/funnel?period=30d&path=apply", PAGE_MS],
      ["Funnel (30d, main, phones)", () => "/api/console/reports/funnel?period=30d&device=phone", PAGE_MS],
      ["Leads: search by e-mail", () => `/api/console/leads?q=${seedEmail(lead())}`, SEARCH_MS],
      ["Leads: search by lead id", () => `/api/console/leads?q=${seedLeadId(lead())}`, SEARCH_MS],
      ["Leads: newest, no filter", () => "/api/console/leads", PAGE_MS],
      ["Leads: sold, from google", () => "/api/console/leads?status=sold&source=google", PAGE_MS],
      ["Leads: a buyer's, last week", () => `/api/console/leads?buyer=${someBuyer()}&from=${weekAgo}`, PAGE_MS],
      ["Leads: rejected", () => "/api/console/leads?status=rejected", PAGE_MS],
      ["Leads: search by the buyer's reference", () => `/api/console/leads?buyer_ref=${buyerRef()}`, SEARCH_MS],
      ["Leads: pick lists", () => "/api/console/leads/filters", PAGE_MS],
      ["Lead timeline", () => `/api/console/leads/${seedLeadId(lead())}`, PAGE_MS],
      ["Buyers list", () => "/api/console/buyers", PAGE_MS],
      ["Audit log", () => "/api/console/audit", PAGE_MS],
      ["Audit log: one action, last week", () => `/api/console/audit?action=buyer.update&from=${weekAgo}`, PAGE_MS],
    ];
    for (const [name, url, target] of endpoints) rows.push(await timed(name, ask(url), target));
    const retention = await retentionAtVolume(database);
    await closeApp();

    const base = rows[0]!;
    const ms = (v: number) => v.toFixed(1);
    console.log(
      `\nConsole at volume on PostgreSQL: ${counts.leads} leads, ${counts.step_events} step events, ${counts.auctions} ` +
        `auctions, ${counts.buyer_calls} buyer calls, seeded in ${seedSeconds} s. ${RUNS} requests each, one at a ` +
        `time, through the app (inject), after two warm-up requests.\n`,
    );
    console.log(
      `The reports' rollups were rebuilt before the measures (a regular rebuild, as the server runs every few ` +
        `minutes) in ${rebuildSeconds.toFixed(1)} s; no rebuild ran during them.\n`,
    );
    console.log("| endpoint | p50 ms | p95 ms | p95 vs baseline | target p95 | within |");
    console.log("|---|---|---|---|---|---|");
    for (const r of rows) {
      const within = r.target === undefined ? "" : r.p95 <= r.target ? "yes" : "NO";
      console.log(
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${(r.p95 / base.p95).toFixed(1)} | ${r.target ?? ""} | ${within} |`,
      );
    }
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `\nThe tables that grow fastest (issue 21), and buyer-call bodies cleared past ${BODY_DAYS} days ` +
        `(BUYER_CALL_BODY_DAYS; the seed spans 90 days):\n`,
    );
    console.log("| table | rows | on disk (with indexes, TOAST) | of it, request and answer bodies |");
    console.log("|---|---|---|---|");
    console.log(
      `| buyer_calls | ${retention.before.calls} | ${mb(retention.before.callsBytes)} | ${mb(retention.before.bodyBytes)} |`,
    );
    console.log(`| step_events | ${retention.before.steps} | ${mb(retention.before.stepsBytes)} | |`);
    console.log(
      `\nThe clearing pass (clearBuyerCallBodies, as the hourly job runs it): ${retention.cleared} calls' bodies ` +
        `cleared in ${retention.passes} passes, ${retention.seconds.toFixed(1)} s; bodies left ` +
        `${mb(retention.after.bodyBytes)}; buyer_calls after a plain VACUUM ${mb(retention.after.callsBytes)} ` +
        "(the space freed is reused by new rows; VACUUM FULL would hand it back to the file system).",
    );
  } finally {
    await closing();
    if (!KEEP) await fresh.drop();
  }
}

/** Past this many days the clearing pass blanks a call's bodies: shorter than the seed's 90, to show it. */
const BODY_DAYS = 30;

type TableSizes = { calls: number; callsBytes: number; bodyBytes: number; steps: number; stepsBytes: number };

async function tableSizes(database: Awaited<ReturnType<typeof openDatabase>>): Promise<TableSizes> {
  const result = await database.db.execute(sql`select
      (select count(*) from buyer_calls)::float8 as calls,
      pg_total_relation_size('buyer_calls')::float8 as "callsBytes",
      (select coalesce(sum(coalesce(pg_column_size(request), 0) + coalesce(pg_column_size(response), 0)), 0)
        from buyer_calls)::float8 as "bodyBytes",
      (select count(*) from step_events)::float8 as steps,
      pg_total_relation_size('step_events')::float8 as "stepsBytes"`);
  return (result as unknown as { rows: TableSizes[] }).rows[0]!;
}

/** Sizes, then the clearing pass run until nothing is left to clear, then sizes after a VACUUM. */
async function retentionAtVolume(database: Awaited<ReturnType<typeof openDatabase>>) {
  const before = await tableSizes(database);
  const started = performance.now();
  let cleared = 0;
  let passes = 0;
  for (;;) {
    const { bodiesCleared } = await clearBuyerCallBodies(database.db, { now: new Date(), days: BODY_DAYS });
    passes++;
    cleared += bodiesCleared;
    if (bodiesCleared === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await database.db.execute(sql`vacuum buyer_calls`);
  return { before, after: await tableSizes(database), cleared, passes, seconds };
}

/** The kept database of that name, made if missing; `seeded` once a seed finished in it. */
async function keptDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const probe = new pg.Client({ connectionString: url.toString() });
  await probe.connect();
  let seeded: boolean;
  try {
    // The rollups' coverage marks are written last: a seed cut short is begun again.
    const marks = await probe
      .query("select count(*)::int as n from rollup_coverage")
      .catch(() => ({ rows: [{ n: 0 }] }));
    seeded = (marks.rows[0] as { n: number }).n >= 2;
  } finally {
    await probe.end();
  }
  return { url: url.toString(), seeded, drop: async () => {} };
}
