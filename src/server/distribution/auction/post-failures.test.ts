import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database, Db } from "../../platform/db/database.ts";
import { buyerPostFailures } from "../../platform/db/schema.ts";
import { buyerSchema, type Buyer } from "./buyer-config.ts";
import type { CallOutcome } from "./buyer-http.ts";
import { lenderConfig } from "./auction.testing.ts";
import { notePostOutcome, postFailuresInARow, resetPostFailures } from "./post-failures.ts";

// Counting a buyer's failed posts in a row (docs/product/buyer-money.md#pause-after-post-errors): what is a failure,
// what sets the count back, when the hook is told, and that the bookkeeping never stops an auction.

const failed = (reason: string, httpStatus?: number): Extract<CallOutcome, { ok: false }> => ({
  ok: false,
  unreadable: false,
  headers: {},
  httpStatus,
  text: "",
  reason,
  latencyMs: 1,
});
const TIMEOUT = failed("timeout");
const SERVER_ERROR = failed("http 500", 500);
const NO_CONNECTION = failed("connection failed");
const UNREADABLE: CallOutcome = { ...failed("no success field", 200), unreadable: true };
const REJECTED: CallOutcome = {
  ok: true,
  headers: {},
  httpStatus: 200,
  text: "{}",
  answer: { accepted: false, price: undefined, id: undefined, reason: "no", redirectUrl: undefined },
  latencyMs: 1,
};

const buyerWith = (id: string, overrides: Record<string, unknown> = {}): Buyer =>
  buyerSchema.parse(lenderConfig(id, { url: "http://127.0.0.1:9" }, overrides));

describe("failed posts in a row", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  function counting(db?: Db) {
    const told: [string, number][] = [];
    const warnings: string[] = [];
    const ctx = {
      db: db ?? database.db,
      warn: (message: string) => warnings.push(message),
      onBuyerFailing: async (buyer: Buyer, inARow: number) => {
        told.push([buyer.id, inARow]);
      },
    };
    return { ctx, told, warnings };
  }

  it("counts error answers, timeouts and failed connections; a rejection or an unreadable answer sets it to 0", async () => {
    const buyer = buyerWith("counted", { pauseAfterPostErrors: 3 });
    const { ctx, told } = counting();
    const after = async (outcome: CallOutcome) => {
      await notePostOutcome(ctx, buyer, outcome);
      return postFailuresInARow(database.db, buyer.id);
    };
    expect(await after(TIMEOUT)).toBe(1);
    expect(await after(SERVER_ERROR)).toBe(2);
    expect(await after(REJECTED)).toBe(0);
    expect(await after(NO_CONNECTION)).toBe(1);
    expect(await after(TIMEOUT)).toBe(2);
    expect(await after(UNREADABLE)).toBe(0);
    expect(told).toEqual([]);
  });

  it("tells the hook at the limit and past it, with a warning naming the buyer and the count", async () => {
    const buyer = buyerWith("at-limit", { pauseAfterPostErrors: 3 });
    const { ctx, told, warnings } = counting();
    for (let i = 0; i < 2; i++) await notePostOutcome(ctx, buyer, TIMEOUT);
    expect(told).toEqual([]);
    expect(warnings).toEqual([]);
    await notePostOutcome(ctx, buyer, SERVER_ERROR);
    expect(told).toEqual([["at-limit", 3]]);
    expect(warnings).toEqual(["at-limit: 3 posts in a row failed, its limit is 3: pausing it"]);
    // A post in flight when it was paused fails on: told again, the pause does nothing to a paused buyer.
    await notePostOutcome(ctx, buyer, TIMEOUT);
    expect(told).toEqual([
      ["at-limit", 3],
      ["at-limit", 4],
    ]);
    // Resumed, it starts again from 0.
    await resetPostFailures(database.db, buyer.id);
    await notePostOutcome(ctx, buyer, TIMEOUT);
    expect(await postFailuresInARow(database.db, buyer.id)).toBe(1);
    expect(told).toHaveLength(2);
  });

  it("counts nothing for a buyer without the setting", async () => {
    const buyer = buyerWith("uncounted");
    const { ctx, told } = counting();
    for (let i = 0; i < 5; i++) await notePostOutcome(ctx, buyer, TIMEOUT);
    const rows = await database.db.select().from(buyerPostFailures).where(eq(buyerPostFailures.buyerId, buyer.id));
    expect(rows).toEqual([]);
    expect(told).toEqual([]);
  });

  it("never throws: a count that fails and a hook that fails are warned of, without personal data", async () => {
    const buyer = buyerWith("unlucky", { pauseAfterPostErrors: 1 });
    const broken = {
      insert: () => {
        throw new TypeError("connection lost to ana@example.com");
      },
    } as unknown as Db;
    const down = counting(broken);
    await expect(notePostOutcome(down.ctx, buyer, TIMEOUT)).resolves.toBeUndefined();
    expect(down.warnings).toEqual(["unlucky: its failed posts could not be counted (TypeError)"]);
    expect(down.told).toEqual([]);

    const warnings: string[] = [];
    const ctx = {
      db: database.db,
      warn: (message: string) => warnings.push(message),
      onBuyerFailing: () => Promise.reject(new Error("pause failed for ana@example.com")),
    };
    await expect(notePostOutcome(ctx, buyer, TIMEOUT)).resolves.toBeUndefined();
    expect(warnings).toEqual([
      "unlucky: 1 posts in a row failed, its limit is 1: pausing it",
      "unlucky: could not be paused after 1 failed posts (Error)",
    ]);
  });
});
