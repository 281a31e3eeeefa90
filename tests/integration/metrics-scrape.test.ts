import { describe, expect, it } from "vitest";
import {
  addBuyers,
  auctionTestBed,
  accept,
  bid,
  decided,
  decline,
  lenderConfig,
  saveLead,
  sendLead,
} from "../../src/server/distribution/auction/auction.testing.ts";
import { newLeadId } from "../../src/server/intake/leads/lead-access.ts";
import { findLead } from "../../src/server/intake/leads/lead-store.ts";
import { putStep, stepBodies } from "../helpers/lead-client.ts";
import { sampleOf } from "../helpers/prometheus-text.ts";

// GET /metrics after a whole lead and its auction (docs/operations-watch.md): the series an engineer on call
// reads are there with the values the auction earned, and nothing of the person or the lead is.

const TOKEN = "metrics-token-for-the-tests-0123456789";
const bed = auctionTestBed({ METRICS_TOKEN: TOKEN });

const scrape = async () => {
  const res = await bed.t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe("GET /metrics after a lead is sold", () => {
  it("counts the auction, each buyer's answers, the caps and the requests by route, with no lead id or personal data", async () => {
    const winner = await bed.buyer({ ping: () => bid(60), post: () => accept("https://winner.example/o") });
    const shy = await bed.buyer({ ping: () => decline });
    const slow = await bed.buyer({ ping: () => ({ hang: true }) });
    const full = await bed.buyer({ ping: () => bid(90), post: () => accept() });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("winner", winner),
      lenderConfig("shy", shy),
      lenderConfig("slow", slow, { timeoutMs: 300 }),
      // Its cap is used up before the auction: it bids highest, and its post is never sent.
      lenderConfig("full", full, { caps: { daily: 0 } }),
    );
    const lead = await saveLead(bed.t);
    const person = (await findLead(bed.t.database.db, lead.id))!;
    expect((await putStep(bed.t.app, lead, 8, stepBodies()[8]!)).statusCode).toBe(200);
    expect((await sendLead(bed.t.app, lead)).statusCode).toBe(200);
    const auction = await decided(bed.t.database.db, lead.id);
    expect(auction).toMatchObject({ status: "accepted", buyerId: "winner" });

    const text = await scrape();
    // The auction: decided once, sold, and timed.
    expect(sampleOf(text, "loanpath_auctions_decided_total", { outcome: "accepted" })).toBe(1);
    expect(sampleOf(text, "loanpath_auction_duration_seconds_count", { outcome: "accepted" })).toBe(1);
    // Each buyer's answers: the winner's bid and sale, the decline, the timeout, the cap.
    expect(sampleOf(text, "loanpath_buyer_calls_total", { buyer: "winner", kind: "ping", result: "accept" })).toBe(1);
    expect(sampleOf(text, "loanpath_buyer_calls_total", { buyer: "winner", kind: "post", result: "accept" })).toBe(1);
    expect(sampleOf(text, "loanpath_buyer_calls_total", { buyer: "shy", kind: "ping", result: "reject" })).toBe(1);
    expect(sampleOf(text, "loanpath_buyer_calls_total", { buyer: "slow", kind: "ping", result: "timeout" })).toBe(1);
    expect(sampleOf(text, "loanpath_buyer_caps_reached_total", { buyer: "full" })).toBe(1);
    expect(sampleOf(text, "loanpath_buyer_calls_total", { buyer: "full", kind: "post" })).toBeUndefined();
    expect(sampleOf(text, "loanpath_buyer_call_duration_seconds_count", { buyer: "winner", kind: "post" })).toBe(1);
    // Requests by route pattern, never by URL.
    const step = { method: "PUT", route: "/api/personal_loan/lead/v2/:id/step" };
    expect(sampleOf(text, "loanpath_http_request_duration_seconds_count", { ...step, status_class: "2xx" })).toBe(1);
    expect(
      sampleOf(text, "loanpath_http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/personal_loan/lead/send/v2",
        status_class: "2xx",
      }),
    ).toBe(1);
    // What waits: nothing pending once decided; the queue and the outboxes are read and reported.
    expect(sampleOf(text, "loanpath_auctions_pending")).toBe(0);
    expect(sampleOf(text, "loanpath_database_read_ok")).toBe(1);
    expect(sampleOf(text, "loanpath_outbox_entries", { outbox: "postback", state: "failed" })).toBe(0);
    expect(sampleOf(text, "loanpath_privacy_requests_overdue")).toBe(0);
    expect(sampleOf(text, "loanpath_job_queue_jobs", { state: "queued" })).toBeGreaterThanOrEqual(0);
    // The process: the event loop's delay and memory, from prom-client's defaults.
    expect(sampleOf(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, "process_resident_memory_bytes")).toBeGreaterThan(0);

    // Nothing that names the lead or the person.
    for (const secret of [lead.id, person.email!, person.first_name!, person.last_name!, person.cell_phone!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/lead_id|email/);
  });

  it("counts an auction nobody bought with its reason", async () => {
    const shy = await bed.buyer({ ping: () => decline });
    await addBuyers(bed.t.database.db, lenderConfig("shy", shy));
    const lead = await saveLead(bed.t);
    await sendLead(bed.t.app, lead);
    await decided(bed.t.database.db, lead.id);
    const text = await scrape();
    expect(
      sampleOf(text, "loanpath_auctions_decided_total", { outcome: "rejected", reason: "no buyer accepted" }),
    ).toBe(1);
    expect(sampleOf(text, "loanpath_auctions_decided_total", { outcome: "accepted" })).toBeUndefined();
  });

  it("files a request to an unknown path under its pattern, not its URL", async () => {
    const made = newLeadId();
    await bed.t.app.inject({ method: "GET", url: `/api/no-such-thing/${made}` });
    await bed.t.app.inject({ method: "GET", url: `/nowhere/${made}` });
    const text = await scrape();
    expect(text).not.toContain(made);
    expect(
      sampleOf(text, "loanpath_http_request_duration_seconds_count", { route: "/api/*", status_class: "4xx" }),
    ).toBe(1);
  });
});
