// BENCH_ONLY=room: what a billed buyer's room check adds to a sale (docs/product/buyer-money.md#room). A sale's database
// work at the post's gate is reservePost (the post row written, and for a billed buyer its price held in the same
// statement) and finishPost (the post settled, and by the trigger the hold released and the price charged). The same
// run times both for an unbilled buyer (the baseline) and a prepaid one, alternating, one sale at a time, on the
// embedded database on disk and on PostgreSQL. Goal (issue 35): the room check adds under 1 ms to a sale.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  claimAuction,
  finishPost,
  reservePost,
  type GatedBuyer,
} from "../src/server/distribution/auction/auction-store.ts";
import { openDatabase, type Database } from "../src/server/platform/db/database.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { savePendingAuction } from "../src/server/distribution/auction/auction.testing.ts";
import type { TestApp } from "../tests/helpers/test-app.ts";
import { loadavg, median, p90 } from "./auction.ts";

const RUNS = Number(process.env.BENCH_ROOM_RUNS ?? 400);
const WARMUP = 50;
const GOAL_MS = 1;

const UNBILLED: GatedBuyer = { id: "bench-unbilled", timeZone: "America/New_York", caps: {} };
const PREPAID: GatedBuyer = { ...UNBILLED, id: "bench-prepaid", billing: { kind: "prepaid" } };

async function freshDatabase(
  driver: "pglite" | "postgres",
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (driver === "postgres") {
    const given = process.env.DATABASE_URL;
    process.env.DATABASE_URL = given ?? "postgres://postgres@127.0.0.1:5432/test";
    try {
      return { database: await createTestDatabase(), drop: async () => {} };
    } finally {
      if (given === undefined) delete process.env.DATABASE_URL;
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-bench-room-"));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  return { database, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

/** One sale's gate and settle for `buyer`, in ms; the lead and its claim are made before the clock starts. */
async function sale(t: Pick<TestApp, "database" | "secrets">, buyer: GatedBuyer): Promise<number> {
  const db = t.database.db;
  const { lead } = await savePendingAuction(t as TestApp);
  const claim = await claimAuction(db, lead.id, "bench", 60_000);
  const started = performance.now();
  const reserved = await reservePost(
    db,
    buyer,
    { leadId: lead.id, request: {}, priceCents: 100 },
    claim!.token,
    new Date(),
  );
  if (!("id" in reserved)) throw new Error(`not reserved: ${JSON.stringify(reserved)}`);
  await finishPost(db, reserved.id, { state: "accepted", priceCents: 100 });
  return performance.now() - started;
}

async function measure(driver: "pglite" | "postgres"): Promise<{ unbilled: number[]; prepaid: number[] }> {
  const { database, drop } = await freshDatabase(driver);
  const t = { database, secrets: randomSecrets() };
  // Room for every sale of the run: the check is made and passes each time.
  await database.db.execute(
    sql`insert into buyer_accounts (buyer_id, credited_cents) values (${PREPAID.id}, ${(RUNS + WARMUP) * 1000})`,
  );
  const unbilled: number[] = [];
  const prepaid: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const a = await sale(t, UNBILLED);
      const b = await sale(t, PREPAID);
      if (i >= WARMUP) {
        unbilled.push(a);
        prepaid.push(b);
      }
    }
  } finally {
    await database.close();
    await drop();
  }
  return { unbilled, prepaid };
}

export async function benchBuyerRoom(postgres: boolean): Promise<void> {
  const rows: string[] = [];
  const f = (x: number) => x.toFixed(3);
  for (const driver of postgres ? (["pglite", "postgres"] as const) : (["pglite"] as const)) {
    const { unbilled, prepaid } = await measure(driver);
    const added = median(prepaid) - median(unbilled);
    const where = driver === "pglite" ? "embedded database" : "PostgreSQL";
    rows.push(
      `| ${where} | ${f(median(unbilled))} / ${f(p90(unbilled))} | ${f(median(prepaid))} / ${f(p90(prepaid))} | ` +
        `${f(added)} | < ${GOAL_MS}: ${added < GOAL_MS ? "met" : "NOT MET"} |`,
    );
  }
  console.log(
    `\nThe room check at a sale (${RUNS} sales of each kind, alternating, after ${WARMUP} warm-up; the post's gate and ` +
      `its settle; load average ${await loadavg()})\n`,
  );
  console.log(
    "| database | unbilled buyer: median / p90 ms | prepaid buyer: median / p90 ms | added ms (median) | goal |",
  );
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(row);
}
