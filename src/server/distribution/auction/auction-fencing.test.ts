import { describe, expect, it } from "vitest";
import { loopbackFakesAllowed } from "../../platform/net/outbound-guard.testing.ts";
import { sql } from "drizzle-orm";
import { recordPrivacyRequest } from "../../compliance/privacy-request-store.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { runAuction, type AuctionContext } from "./auction.ts";
import { claimAuction, decideAuction, findAuction, finishPost, renewLease, reservePost } from "./auction-store.ts";
import type { saveLead } from "./auction.testing.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decline,
  lenderConfig,
  postsTo,
  savePendingAuction,
  type FakeBuyer,
} from "./auction.testing.ts";
import { createBuyerRegistry } from "./buyer-registry.ts";

// One auction, one sale, whatever runs it twice (docs/decisions/0019-auction-fencing.md): every claim has
// its own fencing token, so two workers of one process are two claims; a post is reserved only under the
// claim's live lease, on a pending auction without a sale; a run that lost its lease stops.

const bed = auctionTestBed();
const buyer = bed.buyer;

const LEASE_MS = 15_000;

/** What the auction workers of one process share: one owner name, as in plugin.ts. */
function processContext(): AuctionContext {
  return {
    db: bed.t.database.db,
    cipher: new PiiCipher(bed.t.secrets.piiKeyring),
    tokenSecret: bed.t.secrets.tokenSecret,
    buyers: createBuyerRegistry(bed.t.database.db, { file: undefined, warn: () => {} }),
    outbound: loopbackFakesAllowed(),
    owner: "one-process",
    leaseMs: LEASE_MS,
    rejectUrl: "/reject-page",
    acceptedWithoutRedirect: "/congratulations",
    onDecided: () => {},
    warn: () => {},
  };
}

/** A pending auction written straight to the store: no job is queued, the test runs it. */
async function pendingAuction(overrides: Parameters<typeof saveLead>[1] = {}) {
  const { lead, auction } = await savePendingAuction(bed.t, overrides);
  expect(auction.status).toBe("pending");
  return lead;
}

const posted = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/post");

describe("one auction run twice in one process", () => {
  it("sends the full application to each buyer once when a second job starts while a post is in flight", async () => {
    const ctx = processContext();
    let second: Promise<void> | undefined;
    const first = await buyer({ ping: () => bid(50), post: () => decline });
    const winner = await buyer({
      ping: () => bid(20),
      post: async () => {
        // The sweeper's job for the same lead starts in another worker of this process while this
        // buyer holds the post, and may finish before the buyer answers.
        second ??= runAuction(ctx, lead.id);
        await second;
        return accept("https://winner.example/o");
      },
    });
    await addBuyers(bed.t.database.db, lenderConfig("first", first), lenderConfig("winner", winner));
    const lead = await pendingAuction();

    await runAuction(ctx, lead.id);
    await second;

    expect(posted(first)).toHaveLength(1);
    expect(posted(winner)).toHaveLength(1);
    expect(await findAuction(bed.t.database.db, lead.id)).toMatchObject({ status: "accepted", buyerId: "winner" });
    expect(await postsTo(bed.t.database.db, lead.id)).toEqual([
      { buyer_id: "first", state: "rejected" },
      { buyer_id: "winner", state: "accepted" },
    ]);
  });

  it("sends each buyer at most one post when the same job runs twice at once", async () => {
    const ctx = processContext();
    const slow = await buyer({ ping: () => ({ ...bid(50), delayMs: 200 }), post: () => decline });
    const other = await buyer({ ping: () => bid(20), post: () => ({ ...accept(), delayMs: 200 }) });
    await addBuyers(bed.t.database.db, lenderConfig("slow", slow), lenderConfig("other", other));
    const lead = await pendingAuction();

    await Promise.all([runAuction(ctx, lead.id), runAuction(ctx, lead.id)]);

    expect(posted(slow)).toHaveLength(1);
    expect(posted(other)).toHaveLength(1);
    expect(slow.bodies.filter((b) => b.path === "/ping")).toHaveLength(1); // the second run never started
    expect(await findAuction(bed.t.database.db, lead.id)).toMatchObject({ status: "accepted", buyerId: "other" });
  });

  it("stops a run whose lease was taken over while it pinged: no post, no decision", async () => {
    const ctx = processContext();
    const taken = await buyer({
      ping: async () => {
        // Another claim takes the auction over while this buyer is pinged (the first run stalled past
        // its lease, say).
        await bed.t.database.db.execute(
          sql`update auctions set lease_owner = 'another-claim', lease_until = now() + interval '1 minute' where lead_id = ${lead.id}`,
        );
        return bid(50);
      },
      post: () => accept(),
    });
    await addBuyers(bed.t.database.db, lenderConfig("taken", taken));
    const lead = await pendingAuction();

    await runAuction(ctx, lead.id);

    expect(taken.bodies.filter((b) => b.path === "/ping")).toHaveLength(1);
    expect(posted(taken)).toHaveLength(0);
    expect(await postsTo(bed.t.database.db, lead.id)).toEqual([]);
    expect(await findAuction(bed.t.database.db, lead.id)).toMatchObject({
      status: "pending",
      leaseOwner: "another-claim",
    });
  });
});

describe("claims and the post gate", () => {
  const someBuyer = { id: "b", timeZone: "America/New_York", caps: {} };

  it("gives every claim its own token and lets a later claim fence out an earlier one", async () => {
    const db = bed.t.database.db;
    const lead = await pendingAuction();
    const call = { leadId: lead.id, request: {}, priceCents: 100 };

    const one = await claimAuction(db, lead.id, "one-process", LEASE_MS);
    expect(one).toBeDefined();
    // The same process claims again while the lease runs: refused, like any other claimant.
    expect(await claimAuction(db, lead.id, "one-process", LEASE_MS)).toBeUndefined();

    await db.execute(sql`update auctions set lease_until = now() - interval '1 second' where lead_id = ${lead.id}`);
    const two = await claimAuction(db, lead.id, "one-process", LEASE_MS);
    expect(two?.token).toBeDefined();
    expect(two?.token).not.toBe(one?.token);

    // The first claim has lost the lease: no renewal, no post, no decision.
    expect(await renewLease(db, lead.id, one!.token, LEASE_MS)).toBe(false);
    expect(await reservePost(db, someBuyer, call, one!.token, new Date())).toEqual({ refused: "fenced" });
    const rejected = { status: "rejected", reason: "x", rejectUrl: "/reject-page" } as const;
    expect(await decideAuction(db, lead.id, one!.token, rejected)).toBe(false);

    // The second holds it; once its post is accepted, nothing else can be posted for the lead.
    expect(await renewLease(db, lead.id, two!.token, LEASE_MS)).toBe(true);
    const reserved = await reservePost(db, someBuyer, call, two!.token, new Date());
    expect(reserved).toMatchObject({ id: expect.any(Number) });
    if (!("id" in reserved)) throw new Error("not reserved");
    expect(await finishPost(db, reserved.id, { state: "accepted" })).toMatchObject({ state: "accepted" });
    expect(await reservePost(db, { ...someBuyer, id: "c" }, call, two!.token, new Date())).toEqual({
      refused: "fenced",
    });
    // The first answer written for a post stands: a late one from a run that lost its lease does not undo it.
    expect(await finishPost(db, reserved.id, { state: "rejected", reason: "late" })).toMatchObject({
      state: "accepted",
    });
  });

  it("writes a post row and its sensitive read together at the gate, and neither for a lead that may not be sold", async () => {
    const db = bed.t.database.db;
    const rows = async (leadId: string) => {
      const posts = await db.execute(sql`select count(*)::int as n from buyer_calls where lead_id = ${leadId}`);
      const reads = await db.execute(sql`select fields from sensitive_reads where lead_id = ${leadId}`);
      return {
        posts: (posts as unknown as { rows: { n: number }[] }).rows[0]!.n,
        reads: (reads as unknown as { rows: { fields: string[] }[] }).rows.map((r) => r.fields),
      };
    };
    const read = (leadId: string) => ({
      leadId,
      fields: ["ssn", "first_name", "bank_account_number"],
      purpose: "post to lender" as const,
      recipient: "b",
    });
    for (const caps of [{}, { daily: 5 }]) {
      const buyerHere = { ...someBuyer, caps };
      const sold = await pendingAuction();
      const claim = await claimAuction(db, sold.id, "one-process", LEASE_MS);
      const call = { leadId: sold.id, request: { body: "masked" }, priceCents: 100 };
      const reserved = await reservePost(db, buyerHere, call, claim!.token, new Date(), { read: read(sold.id) });
      expect(reserved, JSON.stringify(caps)).toMatchObject({ id: expect.any(Number) });
      expect(await rows(sold.id)).toEqual({ posts: 1, reads: [["bank_account_number", "ssn"]] });

      // Do not sell, recorded after the claim: the gate reads the lead afresh and writes nothing.
      const stopped = await pendingAuction();
      const held = await claimAuction(db, stopped.id, "one-process", LEASE_MS);
      await db.execute(sql`update leads set do_not_sell_at = now() where id = ${stopped.id}`);
      const refused = await reservePost(db, buyerHere, { ...call, leadId: stopped.id }, held!.token, new Date(), {
        read: read(stopped.id),
      });
      expect(refused).toEqual({ stopped: "do not sell" });
      expect(await rows(stopped.id)).toEqual({ posts: 0, reads: [] });
      // And the suppression asked at the gate stops it as well.
      await db.execute(sql`update leads set do_not_sell_at = null where id = ${stopped.id}`);
      const suppressed = await reservePost(db, buyerHere, { ...call, leadId: stopped.id }, held!.token, new Date(), {
        suppressed: sql<boolean>`true`,
        read: read(stopped.id),
      });
      expect(suppressed).toEqual({ stopped: "suppressed" });
      expect(await rows(stopped.id)).toEqual({ posts: 0, reads: [] });
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    `waits at the gate for an erasure being written, then posts nothing${process.env.DATABASE_URL ? "" : " (PostgreSQL only: two connections)"}`,
    async () => {
      const db = bed.t.database.db;
      const pool = bed.t.database.pool!;
      const lead = await pendingAuction();
      const claim = await claimAuction(db, lead.id, "one-process", LEASE_MS);
      // The privacy workflow's transaction on another connection: the lead erased, not committed yet.
      const eraser = await pool.connect();
      try {
        await eraser.query("begin");
        await eraser.query("update leads set status = 'erased' where id = $1", [lead.id]);
        const call = { leadId: lead.id, request: {}, priceCents: 100 };
        const gate = reservePost(db, someBuyer, call, claim!.token, new Date());
        // The gate is waiting on the lead's row lock (asked of the server, not timed).
        await expect
          .poll(
            async () =>
              (
                await pool.query<{ n: number }>(
                  "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%for share%'",
                )
              ).rows[0]!.n,
            { timeout: 10_000 },
          )
          .toBe(1);
        await eraser.query("commit");
        expect(await gate).toEqual({ stopped: "erased" });
        const posts = await pool.query("select 1 from buyer_calls where lead_id = $1", [lead.id]);
        expect(posts.rowCount).toBe(0);
      } finally {
        eraser.release();
      }
    },
  );

  it("posts nothing under a lease that ran out, even before anyone else claims", async () => {
    const db = bed.t.database.db;
    const lead = await pendingAuction();
    const claim = await claimAuction(db, lead.id, "one-process", LEASE_MS);
    await db.execute(sql`update auctions set lease_until = now() - interval '1 second' where lead_id = ${lead.id}`);
    const call = { leadId: lead.id, request: {}, priceCents: 100 };
    expect(await reservePost(db, someBuyer, call, claim!.token, new Date())).toEqual({ refused: "fenced" });
    expect(await renewLease(db, lead.id, claim!.token, LEASE_MS)).toBe(false);
  });
});

describe("resuming after a crash", () => {
  it("does not resend a post left in flight once the person opted out, and closes it", async () => {
    const db = bed.t.database.db;
    const s = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(db, lenderConfig("one", s));
    const lead = await pendingAuction({ email: "left.mid.post@example.com" });
    // A worker reserved a post to "one" and died before its answer was written down.
    const crashed = await claimAuction(db, lead.id, "dead-process", LEASE_MS);
    const call = { leadId: lead.id, request: {}, priceCents: 1000 };
    const reservation = await reservePost(
      db,
      { id: "one", timeZone: "UTC", caps: {} },
      call,
      crashed!.token,
      new Date(),
    );
    expect(reservation).toMatchObject({ id: expect.any(Number) });
    await db.execute(sql`update auctions set lease_until = now() - interval '1 second' where lead_id = ${lead.id}`);
    await recordPrivacyRequest(db, {
      kind: "unsubscribe",
      dedupeKey: "left-mid-post",
      email: "left.mid.post@example.com",
      phone: "",
      payload: {},
      ip: undefined,
    });

    await runAuction(processContext(), lead.id);

    expect(s.bodies).toHaveLength(0);
    expect(await findAuction(db, lead.id)).toMatchObject({ status: "rejected", reason: "suppressed" });
    const rows = await db.execute(sql`select state, reason from buyer_calls where lead_id = ${lead.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { state: "rejected", reason: "not resent: suppressed" },
    ]);
  });
});
