// BENCH_ONLY=publisher: the publisher API's direct post (docs/decisions/0050-publisher-post-api.md) against the auction
// alone, in the same requests. The real app in this process on an embedded database on disk, fake buyers on
// 127.0.0.1 with fixed latencies, a publisher posting over real HTTP one lead at a time. Each post's wall time at the
// client is put beside its own auction's time in the database (created to decided): what is left is the API's cost
// (reading and checking the body, writing the lead, its consent and its key, waking on the decision, answering).
// Goal (issue 33): at most 10 ms at the median. And the ping (docs/decisions/0051-publisher-ping-post.md): answered
// within the buyers' own ping time plus 20 ms, at the publisher.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { lenderConfig } from "../src/server/distribution/auction/auction.testing.ts";
import { saveBuyer } from "../src/server/distribution/auction/buyer-registry.ts";
import {
  pingOf,
  postedApplication,
  postingPublishers,
} from "../src/server/partners/publisher-api/posted-lead.testing.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openDatabase } from "../src/server/platform/db/database.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { loadavg, median, p90, startBuyer } from "./auction.ts";

const RUNS = Number(process.env.BENCH_PUBLISHER_RUNS ?? 40);
const WARMUP = 3;
const BUYERS = 5;
const PING_MS = 40;
const POST_MS = 20;
const GOAL_MS = 10;
/** What a ping may add to the buyers' own ping time, at the publisher. */
const PING_GOAL_MS = 20;

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
  const [key] = (await postingPublishers(database.db, secrets.piiKeyring, ["bench-pub"])) as [string];
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
    // Pings one at a time: each answered once every buyer has bid (PING_MS), with the ping's checks and write on top.
    const pings: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const whole = postedApplication(10_000 + i);
      const ping = pingOf(whole);
      const started = performance.now();
      const res = await fetch(`${base}/api/publisher/v1/ping`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(ping),
      });
      const answer = (await res.json()) as { status: string };
      const took = performance.now() - started;
      if (answer.status !== "offered") throw new Error(`ping ${i} answered ${res.status}: ${JSON.stringify(answer)}`);
      if (i >= WARMUP) pings.push(took);
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
    const pingMet = median(pings) <= PING_MS + PING_GOAL_MS ? "met" : "NOT MET";
    console.log(
      `| ping to answer, at the publisher (buyers ping in ${PING_MS} ms) | ${f(median(pings))} | ${f(p90(pings))} | <= ${PING_MS + PING_GOAL_MS} at the median: ${pingMet} |`,
    );
  } finally {
    await app.close();
    await Promise.all(buyers.map((b) => b.close()));
    await rm(dataDir, { recursive: true, force: true });
  }
}
