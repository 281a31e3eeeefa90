// BENCH_ONLY=publisher: the publisher API's direct post (docs/decisions/0050-publisher-post-api.md) against the auction
// alone, in the same requests. The real app in this process on an embedded database on disk, fake buyers on
// 127.0.0.1 with fixed latencies, a publisher posting over real HTTP one lead at a time. Each post's wall time at the
// client is put beside its own auction's time in the database (created to decided): what is left is the API's cost
// (reading and checking the body, writing the lead, its consent and its key, waking on the decision, answering).
// Goal (issue 33): at most 10 ms at the median.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { lenderConfig } from "../src/server/distribution/auction/auction.testing.ts";
import { saveBuyer } from "../src/server/distribution/auction/buyer-registry.ts";
import { issueApiKey } from "../src/server/partners/api-keys/api-key-store.ts";
import { postedApplication } from "../src/server/partners/publisher-api/posted-lead.testing.ts";
import { createPublisher } from "../src/server/partners/publishers/publisher-store.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openDatabase } from "../src/server/platform/db/database.ts";
import { PiiCipher } from "../src/server/platform/security/pii-cipher.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { loadavg, median, p90, startBuyer } from "./auction.ts";

const RUNS = Number(process.env.BENCH_PUBLISHER_RUNS ?? 40);
const WARMUP = 3;
const BUYERS = 5;
const PING_MS = 40;
const POST_MS = 20;
const GOAL_MS = 10;

export async function benchPublisherPost(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-bench-publisher-"));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const secrets = randomSecrets();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SIMULATED_LENDERS: "off",
    RATE_LIMIT_PARTNER_PER_MINUTE: "100000000",
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
  });
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, (_, i) =>
      startBuyer({ ms: PING_MS, bid: 20 + i }, { ms: POST_MS, answer: "accept" }),
    ),
  );
  for (const [i, b] of buyers.entries()) await saveBuyer(database.db, lenderConfig(`bench-${i}`, b));
  await createPublisher(database.db, new PiiCipher(secrets.piiKeyring), {
    id: "bench-pub",
    name: "Bench Media",
    aff_id: "bench-aff",
    payout_kind: "revenue_share",
    payout_amount: 4_000,
    hold_days: 0,
    postback_url: null,
    enabled: true,
  });
  const key = (await issueApiKey(database.db, "publisher", "bench-pub", "bench")).key;
  const app = await buildApp({ config, database, secrets });
  try {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const wall: number[] = [];
    const auction: number[] = [];
    const overhead: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/publisher/v1/leads`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(postedApplication(i)),
      });
      const took = performance.now() - started;
      const answer = (await res.json()) as { status: string; lead_id: string };
      if (answer.status !== "sold") throw new Error(`post ${i} answered ${res.status}: ${JSON.stringify(answer)}`);
      const [row] = (
        (await database.db.execute(
          sql`select extract(epoch from decided_at - created_at)::float8 * 1000 as ms from auctions where lead_id = ${answer.lead_id}`,
        )) as unknown as { rows: { ms: number }[] }
      ).rows;
      if (i < WARMUP) continue;
      wall.push(took);
      auction.push(row!.ms);
      overhead.push(took - row!.ms);
    }
    const f = (x: number) => x.toFixed(1);
    console.log(
      `\nPublisher API, direct post (${RUNS} posts one at a time after ${WARMUP} warm-up, ${BUYERS} buyers: ping ` +
        `${PING_MS} ms, post ${POST_MS} ms; embedded database on disk; load average ${await loadavg()})\n`,
    );
    console.log("| measure | median ms | p90 ms | goal |");
    console.log("|---|---|---|---|");
    console.log(`| post to answer, at the publisher | ${f(median(wall))} | ${f(p90(wall))} | |`);
    console.log(`| its auction alone (created to decided) | ${f(median(auction))} | ${f(p90(auction))} | |`);
    const met = median(overhead) <= GOAL_MS ? "met" : "NOT MET";
    console.log(
      `| the API's cost (the one less the other) | ${f(median(overhead))} | ${f(p90(overhead))} | <= ${GOAL_MS} at the median: ${met} |`,
    );
  } finally {
    await app.close();
    await Promise.all(buyers.map((b) => b.close()));
    await rm(dataDir, { recursive: true, force: true });
  }
}
