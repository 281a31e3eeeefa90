// The lender auction (docs/product/lender-network.md#auction, docs/decisions/0018-lender-auction.md): the real
// app in this process on an embedded database on disk (as `npm start` runs it), fake buyers on 127.0.0.1 whose
// latencies are set here, and clients over real HTTP. Every time is put beside what the buyers alone make
// unavoidable in the same run (the slowest ping the auction waits for plus the winner's post), so the
// overhead is ours whatever the machine. Bounded: a fixed number of auctions, loopback only.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openDatabase, type Database } from "../src/server/platform/db/database.ts";
import { saveBuyer } from "../src/server/distribution/auction/buyer-registry.ts";
import { lenderConfig, saveLead, type SavedLead } from "../src/server/distribution/auction/auction.testing.ts";
import { CONSENT_BY_STEP } from "../src/domain/steps/step-bodies.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { startBuiltServer } from "../tests/helpers/built-server.ts";
import { consentFor, QUICK_START, stepBodies } from "../tests/helpers/lead-client.ts";
import { randomSecrets } from "../tests/helpers/test-app.ts";
import { createTestDatabase } from "../tests/helpers/test-database.ts";

const RUNS = Number(process.env.BENCH_AUCTION_RUNS ?? 30);
const WARMUP = 3;
const LOAD_AUCTIONS = Number(process.env.BENCH_AUCTION_LOAD ?? 150);
const LOAD_CLIENTS = 24;
const BROWSER_ROUNDS = Number(process.env.BENCH_AUCTION_BROWSER_ROUNDS ?? 6);
const WORKERS = 8; // AUCTION_WORKERS' default
const HANG_TIMEOUT_MS = 300;
const OVERHEAD_GOAL_MS = 20;
const DELIVERY_GOAL_MS = 300;
const LIMIT_MS = 30_000;

export type Ping = { ms: number; bid: number } | { ms: number; fail: "hang" | "500" | "garbage" };
export type Post = { ms: number; answer: "accept" | "reject" | "500" | "drop" };
export type FakeBuyer = {
  url: string;
  /** When each post arrived and when an accept left (performance.now() and Date.now() of this process). */
  posts: { arrived: number; acceptedAt?: number; acceptedEpoch?: number }[];
  /** Pings received so far. */
  pings: () => number;
  close(): Promise<void>;
};

export async function startBuyer(ping: Ping, post: Post): Promise<FakeBuyer> {
  const posts: FakeBuyer["posts"] = [];
  let pings = 0;
  const reply = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(body);
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/offer") return reply(response, 200, "{}");
      if (request.url === "/ping") {
        pings++;
        if ("fail" in ping && ping.fail === "hang") return; // the auction cuts it at its timeoutMs
        return setTimeout(() => {
          if (!("fail" in ping)) return reply(response, 200, JSON.stringify({ result: "accepted", price: ping.bid }));
          if (ping.fail === "500") return reply(response, 500, "<html>Internal Server Error</html>");
          return reply(response, 200, "{result: accepted,,");
        }, ping.ms);
      }
      const record: FakeBuyer["posts"][number] = { arrived: performance.now() };
      posts.push(record);
      setTimeout(() => {
        if (post.answer === "drop") return request.socket.destroy();
        if (post.answer === "500") return reply(response, 500, "oops");
        if (post.answer === "reject") return reply(response, 200, JSON.stringify({ result: "rejected" }));
        record.acceptedAt = performance.now();
        record.acceptedEpoch = Date.now();
        reply(response, 200, JSON.stringify({ result: "accepted", redirect: `${url}/offer`, id: "sale" }));
      }, post.ms);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    posts,
    pings: () => pings,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? NaN;
export const p90 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))] ?? NaN;
/** The machine's load average over 1, 5 and 15 minutes, printed beside each figure. */
export const loadavg = async () => (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
const ms = (x: number) => x.toFixed(1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

type Decision = { status: number; at: number };

/** The final submission over HTTP, then the ping/v2 long poll until decided (as the browser waits). */
/** Sends a saved lead to the lenders, as the submit screen does. */
export async function sendLead(base: string, lead: SavedLead): Promise<void> {
  const sent = await fetch(`${base}/api/personal_loan/lead/send/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: lead.cookie },
    body: JSON.stringify({
      lead_id: lead.id,
      productId: 19,
      price: 0,
      closeConnection: 1,
      consentEmailSms: "YES",
      consentToFcra: "YES",
      utm_source: "bench",
    }),
  });
  if (!sent.ok) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
}

export async function sendAndWait(base: string, lead: SavedLead): Promise<Decision> {
  await sendLead(base, lead);
  const until = Date.now() + LIMIT_MS;
  while (Date.now() < until) {
    const res = await fetch(`${base}/api/ping/v2?lead_id=${lead.id}`, { headers: { cookie: lead.cookie } });
    const body = (await res.json()) as { data: { status: number } };
    if (body.data.status !== 3) return { status: body.data.status, at: performance.now() };
  }
  throw new Error(`the auction of ${lead.id} was not decided in ${LIMIT_MS} ms`);
}

type Row = { measure: string; median: string; p90: string; baseline: string; ratio: string; goal: string };

type Bench = { base: string; db: Parameters<typeof saveBuyer>[0]; newLead: () => Promise<SavedLead> };

/**
 * (a) and (c, API): 20 healthy buyers, one auction at a time. `windowDays` is each buyer's duplicate window
 * (30 by default; 0 skips the per-buyer "bought this person before" look-up, to show what it costs).
 */
async function overheadRuns({ base, db, newLead }: Bench, prefix: string, windowDays = 30) {
  // Pings of 5 to 100 ms, bids that put a 90 ms buyer first; every post takes 25 ms.
  const buyers: FakeBuyer[] = [];
  const config = (i: number) => lenderConfig(`${prefix}-${i}`, buyers[i]!, { duplicateWindowDays: windowDays });
  for (let i = 0; i < 20; i++) {
    buyers.push(await startBuyer({ ms: 5 + i * 5, bid: 10 + ((i * 7) % 20) }, { ms: 25, answer: "accept" }));
    await saveBuyer(db, config(i));
  }
  const needed = 100 + 25;
  const wall: number[] = [];
  const beforePost: number[] = [];
  const delivery: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const lead = await newLead();
    const started = performance.now();
    const decision = await sendAndWait(base, lead);
    if (decision.status !== 1) throw new Error(`a healthy auction ended with status ${decision.status}`);
    const sale = buyers.flatMap((b) => b.posts).find((p) => p.arrived > started && p.acceptedAt !== undefined);
    if (!sale?.acceptedAt) throw new Error("no buyer saw the accepted post");
    if (run < WARMUP) continue;
    wall.push(decision.at - started);
    beforePost.push(sale.arrived - started - 100);
    delivery.push(decision.at - sale.acceptedAt);
  }
  for (let i = 0; i < 20; i++) await saveBuyer(db, { ...config(i), enabled: false });
  await Promise.all(buyers.map((b) => b.close()));
  return { needed, wall, beforePost, delivery, overhead: wall.map((w) => w - needed) };
}

/** (b) and (d): 20 buyers of which 6 fail, LOAD_CLIENTS applicants at once, memory sampled throughout. */
async function loadRun({ base, db, newLead }: Bench) {
  const buyers: FakeBuyer[] = [];
  const add = async (id: string, ping: Ping, post: Post, overrides: Record<string, unknown> = {}) => {
    const buyer = await startBuyer(ping, post);
    buyers.push(buyer);
    await saveBuyer(db, lenderConfig(id, buyer, overrides));
  };
  for (let i = 0; i < 14; i++) await add(`b-${i}`, { ms: 5 + i * 5, bid: 10 + i }, { ms: 25, answer: "accept" });
  await add("b-hang-1", { ms: 0, fail: "hang" }, { ms: 0, answer: "accept" }, { timeoutMs: HANG_TIMEOUT_MS });
  await add("b-hang-2", { ms: 0, fail: "hang" }, { ms: 0, answer: "accept" }, { timeoutMs: HANG_TIMEOUT_MS });
  await add("b-500", { ms: 20, fail: "500" }, { ms: 0, answer: "accept" });
  await add("b-garbage", { ms: 20, fail: "garbage" }, { ms: 0, answer: "accept" });
  // The two best bidders fail at the post, so every auction falls through twice before it sells.
  await add("b-drop", { ms: 20, bid: 99 }, { ms: 20, answer: "drop" });
  await add("b-post500", { ms: 20, bid: 98 }, { ms: 20, answer: "500" });
  const needed = HANG_TIMEOUT_MS + 20 + 20 + 25;

  const leads: SavedLead[] = [];
  for (let i = 0; i < LOAD_AUCTIONS; i++) leads.push(await newLead());
  const memory = { rss: 0, heap: 0 };
  const before = process.memoryUsage();
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    memory.rss = Math.max(memory.rss, m.rss);
    memory.heap = Math.max(memory.heap, m.heapUsed);
  }, 50);
  const cpu = process.cpuUsage();
  const latency: number[] = [];
  let sold = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async () => {
      while (next < leads.length) {
        const lead = leads[next++]!;
        const t0 = performance.now();
        const decision = await sendAndWait(base, lead);
        latency.push(decision.at - t0);
        if (decision.status === 1) sold++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sample);
  await Promise.all(buyers.map((b) => b.close()));
  return {
    perSecond: leads.length / seconds,
    ceiling: WORKERS / (needed / 1000),
    needed,
    latency,
    sold,
    cpuShare: (used.user + used.system) / 1000 / (seconds * 1000),
    before,
    memory,
  };
}

/** (c, browser): the built app in Chromium waiting on /mapping-lender, one buyer that accepts after 1.5 s. */
async function browserRounds(): Promise<number[]> {
  const winner = await startBuyer({ ms: 20, bid: 50 }, { ms: 1_500, answer: "accept" });
  const dir = await mkdtemp(path.join(tmpdir(), "loanpath-bench-buyers-"));
  const file = path.join(dir, "buyers.json");
  await writeFile(file, JSON.stringify([lenderConfig("winner", winner)]));
  const server = await startBuiltServer({ SIMULATED_LENDERS: "off", BUYERS_FILE: file });
  const browser = await launchBrowser();
  const delays: number[] = [];
  try {
    for (let round = 0; round < BROWSER_ROUNDS; round++) {
      const lead = await completeLeadOverHttp(server.baseURL, round);
      const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
      const [name, value] = lead.cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: server.baseURL }]);
      await context.addInitScript((id) => sessionStorage.setItem("lead_id", id), lead.id);
      const page = await context.newPage();
      await page.goto(`${server.baseURL}/mapping-lender`);
      await page.waitForURL(`${server.baseURL}/redirect`, { timeout: LIMIT_MS });
      const arrived = Date.now();
      const accepted = winner.posts.at(-1)?.acceptedEpoch;
      if (accepted === undefined) throw new Error("the browser left before any accept");
      delays.push(arrived - accepted);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    await winner.close();
    await rm(dir, { recursive: true, force: true });
  }
  return delays;
}

/** A finished application made the browser's way: the quick start, then every step saved over HTTP. */
async function completeLeadOverHttp(base: string, n: number): Promise<SavedLead> {
  const tag = `${Date.now() % 100_000}${n}`.padStart(6, "0").slice(-6);
  const created = await fetch(`${base}/api/personal_loan/lead/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...QUICK_START, email: `bench.${tag}@example.com`, first_name: "Ana", last_name: "Bench" }),
  });
  if (!created.ok) throw new Error(`creating a lead answered ${created.status}`);
  const id = ((await created.json()) as { data: { contact: { lead_id: string } } }).data.contact.lead_id;
  const cookie = String(created.headers.get("set-cookie")).split(";")[0] ?? "";
  const bodies = stepBodies();
  // A different person each round: the same phone or SSN twice is a duplicate, never auctioned.
  bodies[2] = { ...bodies[2], cellPhone: `646555${tag.slice(-4)}`, homePhone: `646555${tag.slice(-4)}` };
  bodies[25] = { ssn: `5${tag.slice(0, 2)}-4${tag.slice(2, 3)}-${tag.slice(3)}1` };
  for (const [step, fields] of Object.entries(bodies)) {
    const key = CONSENT_BY_STEP[Number(step)];
    const res = await fetch(`${base}/api/personal_loan/lead/v2/${id}/step`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        step: Number(step),
        lead_id: id,
        ...(key ? { consent: consentFor(key, `/step-${step}`) } : {}),
        ...fields,
      }),
    });
    if (!res.ok) throw new Error(`step ${step} answered ${res.status}: ${await res.text()}`);
  }
  return { id, cookie };
}

/** The app as the tests build it, listening on loopback, on the given database; closed (database too) after. */
async function withApp<T>(database: Database, run: (bench: Bench) => Promise<T>): Promise<T> {
  await database.migrate();
  const secrets = randomSecrets();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PING_WAIT_MS: "10000",
    AUCTION_WORKERS: String(WORKERS),
    RATE_LIMIT_STEPS_PER_MINUTE: "100000000",
    RATE_LIMIT_LEADS_PER_MINUTE: "100000000",
    // The fake buyers listen on loopback, which the outbound guard refuses unless allowed.
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
  });
  const app = await buildApp({ config, database, secrets });
  try {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    let phone = 0;
    const newLead = () => saveLead({ database, secrets }, { cell_phone: `3475${String(phone++).padStart(6, "0")}` });
    return await run({ base, db: database.db, newLead });
  } finally {
    await app.close(); // closes the database too
  }
}

async function postgresDatabase(): Promise<Database | undefined> {
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
  try {
    return await createTestDatabase();
  } catch {
    return undefined;
  }
}

export async function benchAuction(): Promise<void> {
  const rows: Row[] = [];
  const overheadRows = (label: string, a: Awaited<ReturnType<typeof overheadRuns>>): Row[] => [
    {
      measure: `(a) ${label}: auction wall time, 20 buyers, send to decision at the client (${RUNS} runs)`,
      median: ms(median(a.wall)),
      p90: ms(p90(a.wall)),
      baseline: `${a.needed} (slowest ping 100 + post 25)`,
      ratio: (median(a.wall) / a.needed).toFixed(2),
      goal: "",
    },
    {
      measure: `(a) ${label}: overhead, wall time minus the buyers' latency`,
      median: ms(median(a.overhead)),
      p90: ms(p90(a.overhead)),
      baseline: "0",
      ratio: "",
      goal: `< ${OVERHEAD_GOAL_MS} at the median: ${median(a.overhead) < OVERHEAD_GOAL_MS ? "met" : "NOT MET"}`,
    },
    {
      measure: `(a) ${label}: of it, before the winner's post arrives (send, queue, eligibility, pings, reserve)`,
      median: ms(median(a.beforePost)),
      p90: ms(p90(a.beforePost)),
      baseline: "0",
      ratio: "",
      goal: "",
    },
  ];

  const dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-bench-auction-"));
  try {
    await withApp(await openDatabase({ dataDir }), async (bench) => {
      const a = await overheadRuns(bench, "a");
      const noWindow = await overheadRuns(bench, "a0", 0);
      const b = await loadRun(bench);
      rows.push(
        ...overheadRows("PGlite", a),
        {
          measure: "(a) PGlite: overhead with the buyers' duplicate window at 0 days (no per-buyer look-up)",
          median: ms(median(noWindow.overhead)),
          p90: ms(p90(noWindow.overhead)),
          baseline: ms(median(a.overhead)),
          ratio: (median(noWindow.overhead) / median(a.overhead)).toFixed(2),
          goal: "",
        },
        {
          measure: "(c) buyer's accept to the ping/v2 long-poll answer at the client (PGlite)",
          median: ms(median(a.delivery)),
          p90: ms(p90(a.delivery)),
          baseline: "",
          ratio: "",
          goal: `< ${DELIVERY_GOAL_MS}: ${p90(a.delivery) < DELIVERY_GOAL_MS ? "met" : "NOT MET"}`,
        },
        {
          measure: `(b) auctions/s, 6 of 20 buyers failing, ${LOAD_CLIENTS} clients, ${WORKERS} workers (${LOAD_AUCTIONS} auctions, ${b.sold} sold)`,
          median: b.perSecond.toFixed(1),
          p90: "",
          baseline: `${b.ceiling.toFixed(1)} (${WORKERS} workers / ${b.needed} ms)`,
          ratio: (b.perSecond / b.ceiling).toFixed(2),
          goal: "",
        },
        {
          measure: `(b) send to decision under that load (includes the wait for one of the ${WORKERS} workers)`,
          median: ms(median(b.latency)),
          p90: ms(p90(b.latency)),
          baseline: `${b.needed} (hang ${HANG_TIMEOUT_MS} + posts 20, 20, 25)`,
          ratio: (median(b.latency) / b.needed).toFixed(2),
          goal: "",
        },
        {
          measure: "(b) CPU used by this process during the load, share of one core",
          median: b.cpuShare.toFixed(2),
          p90: "",
          baseline: "",
          ratio: "",
          goal: "",
        },
        {
          measure: "(d) memory during the load, MB: rss peak (before the load)",
          median: mb(b.memory.rss),
          p90: "",
          baseline: mb(b.before.rss),
          ratio: (b.memory.rss / b.before.rss).toFixed(2),
          goal: "",
        },
        {
          measure: "(d) memory during the load, MB: heap used peak (before the load)",
          median: mb(b.memory.heap),
          p90: "",
          baseline: mb(b.before.heapUsed),
          ratio: (b.memory.heap / b.before.heapUsed).toFixed(2),
          goal: "",
        },
      );
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const postgres = await postgresDatabase();
  if (postgres) rows.push(...overheadRows("PostgreSQL", await withApp(postgres, (bench) => overheadRuns(bench, "p"))));
  else console.log("PostgreSQL not reachable: skipping its (a) rows");

  const browser = await browserRounds();
  rows.push({
    measure: `(c) buyer's accept to Chromium on /redirect (${browser.length} rounds, built app in its own process)`,
    median: ms(median(browser)),
    p90: ms(p90(browser)),
    baseline: "",
    ratio: "",
    goal: `< ${DELIVERY_GOAL_MS}: ${p90(browser) < DELIVERY_GOAL_MS ? "met" : "NOT MET"}`,
  });

  console.log("\nLender auction (the app, the fake buyers and the clients share this process; loopback only)\n");
  console.log("| measure | median / value | p90 | baseline | vs baseline | goal |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(`| ${r.measure} | ${r.median} | ${r.p90} | ${r.baseline} | ${r.ratio} | ${r.goal} |`);
  console.log(
    "\nTimes in ms. PGlite is on disk, as `npm start` runs it. The baseline of (a) and (b) is what the buyers' own " +
      "latency makes unavoidable. (d) is this whole process (server with PGlite's memory, fake buyers, " +
      "clients): an upper bound for the server alone.",
  );
}
