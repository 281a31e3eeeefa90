// Issue 21: "the long poll answers within 20 ms of a decision made by another process". Two server processes on
// one PostgreSQL database (server-process.ts); a lead is sent to A, which runs its auction, then a ping waits on
// each of A and B. The moment of the decision is when the one buyer's accepting post answer left (the fake buyer
// records it); each ping's answer is timed against it. A's ping learns of the decision inside its own process,
// B's by NOTIFY (docs/decisions/0037-several-processes.md): B's minus A's is what reaching another process costs.
import { saveBuyer } from "../src/server/distribution/auction/buyer-registry.ts";
import { lenderConfig, saveLead, type SavedLead } from "../src/server/distribution/auction/auction.testing.ts";
import { openDatabase } from "../src/server/platform/db/database.ts";
import { createPostgresDatabase } from "../tests/helpers/test-database.ts";
import { loadavg, median, p90, sendLead, startBuyer } from "./auction.ts";
import { benchSecrets, startServerProcess } from "./server-process.ts";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const RUNS = Number(process.env.BENCH_REACH_RUNS ?? 30);
const WARMUP = 3;
const GOAL_MS = 20;

/** Holds one long poll after another until the lead is decided; answers when (Date.now()) the decision arrived. */
async function waitForDecision(base: string, lead: SavedLead): Promise<number> {
  for (;;) {
    const res = await fetch(`${base}/api/ping/v2?lead_id=${lead.id}`, { headers: { cookie: lead.cookie } }).catch(
      (error: unknown) => {
        throw new Error(`ping on ${base} failed`, { cause: error });
      },
    );
    const body = (await res.json()) as { data?: { status: number } };
    if (body.data && body.data.status !== 3) return Date.now();
  }
}

export async function benchDecisionReach(): Promise<void> {
  const fresh = await createPostgresDatabase(ADMIN_URL, { prefix: "bench_reach" });
  const { env, secrets } = benchSecrets();
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
  await database.migrate();
  // One buyer: its ping takes 50 ms, its post 100 ms, so both pings are held well before the decision.
  const buyer = await startBuyer({ ms: 50, bid: 20 }, { ms: 100, answer: "accept" });
  await saveBuyer(database.db, lenderConfig("reach", buyer));
  const serverEnv = { ...env, DATABASE_URL: fresh.url, PING_WAIT_MS: "10000", RATE_LIMIT_STEPS_PER_MINUTE: "1000000" };
  const [a, b] = await Promise.all([startServerProcess(serverEnv), startServerProcess(serverEnv)]);
  const here: number[] = [];
  const there: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const lead = await saveLead({ database, secrets }, { cell_phone: `3476${String(i).padStart(6, "0")}` });
      await sendLead(a.url, lead);
      // The send answers once the auction is stored; its buyer's ping and post take 150 ms more.
      const onA = waitForDecision(a.url, lead);
      const onB = waitForDecision(b.url, lead);
      const [atA, atB] = await Promise.all([onA, onB]);
      const decidedAt = buyer.posts.at(-1)?.acceptedEpoch;
      if (decidedAt === undefined) throw new Error("the buyer was not posted to");
      if (i < WARMUP) continue;
      here.push(atA - decidedAt);
      there.push(atB - decidedAt);
    }
  } catch (error) {
    console.error(`server A said:\n${a.output()}\nserver B said:\n${b.output()}`);
    throw error;
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await buyer.close();
    await database.close();
    await fresh.drop();
  }
  const load = await loadavg();
  const extra = there.map((t, i) => t - here[i]!);
  console.log("\nA decision reaching another process (issue 21): two server processes on one PostgreSQL\n");
  console.log("| measure | median (p90) | goal | load average |");
  console.log("|---|---|---|---|");
  console.log(
    `| (f) buyer's accept → ping answered, same process (baseline), ${RUNS} runs | ${median(here).toFixed(1)} ms (${p90(here).toFixed(1)}) | | ${load} |`,
  );
  console.log(
    `| (f) buyer's accept → ping answered, the other process | ${median(there).toFixed(1)} ms (${p90(there).toFixed(1)}) | | ${load} |`,
  );
  console.log(
    `| (f) the other process's answer after the deciding one's | ${median(extra).toFixed(1)} ms (${p90(extra).toFixed(1)}) | ≤ ${GOAL_MS} ms: ${median(extra) <= GOAL_MS ? "pass" : "FAIL"} | ${load} |`,
  );
}

if (import.meta.main) await benchDecisionReach();
