import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { headsHandedTo } from "../heads/handed-out-heads.ts";
import { appendLedger, ledgerHead, type LedgerEvent } from "../ledger/ledger-store.ts";
import { headSignatureHolds } from "../receipts/receipt-check.ts";
import { receiptKeyOf } from "../receipts/receipt-key.ts";
import { closeMonth, monthStatements, previousMonth } from "./statement-store.ts";
import { statementsCsv } from "./statements-csv.ts";

const OCT = new Date("2026-10-14T12:00:00Z");
const NOV = new Date("2026-11-03T09:00:00Z");
const key = receiptKeyOf(randomBytes(32));

describe("monthly statements", () => {
  let database: Database;
  const write = (at: Date, events: LedgerEvent[]) => database.db.transaction((tx) => appendLedger(tx, events, at));

  beforeAll(async () => {
    database = await createTestDatabase();
    await write(OCT, [
      { kind: "sold", leadId: "l1", buyerId: "lender-a", amountCents: 4_000 },
      { kind: "payout_earned", leadId: "l1", publisherId: "acme", amountCents: 1_000 },
      { kind: "sold", leadId: "l2", buyerId: "lender-a", amountCents: 3_500 },
      { kind: "payout_earned", leadId: "l2", publisherId: "acme", amountCents: 875 },
      { kind: "sold", leadId: "l3", buyerId: "lender-b", amountCents: 2_000 },
      { kind: "returned", leadId: "l2", buyerId: "lender-a", amountCents: -3_500 },
      { kind: "payout_reversed", leadId: "l2", publisherId: "acme", amountCents: -875 },
      { kind: "payout_final", leadId: "l9", publisherId: "acme", amountCents: 600 },
    ]);
  });
  afterAll(() => database.close());

  it("sums each partner's rows of the month, equal to the ledger's own sums", async () => {
    const month = await monthStatements(database.db, key, "2026-10", OCT);
    expect(month.state).toBe("open");
    expect(month.statements).toEqual([
      {
        partner_kind: "buyer",
        partner_id: "lender-a",
        month: "2026-10",
        totals: { leads_sold: 2, sold_cents: 7_500, returns: 1, returned_cents: -3_500, net_cents: 4_000 },
      },
      {
        partner_kind: "buyer",
        partner_id: "lender-b",
        month: "2026-10",
        totals: { leads_sold: 1, sold_cents: 2_000, returns: 0, returned_cents: 0, net_cents: 2_000 },
      },
      {
        partner_kind: "publisher",
        partner_id: "acme",
        month: "2026-10",
        totals: {
          payouts_earned: 2,
          earned_cents: 1_875,
          payouts_reversed: 1,
          reversed_cents: -875,
          payouts_final: 1,
          final_cents: 600,
          net_cents: 1_000,
        },
      },
    ]);
    const result = await database.db.execute(sql`select
        sum(amount_cents) filter (where kind in ('sold', 'returned')) as buyers,
        sum(amount_cents) filter (where kind in ('payout_earned', 'payout_reversed')) as publishers
        from ledger_entries where month = '2026-10'`);
    const [sums] = (result as unknown as { rows: { buyers: string; publishers: string }[] }).rows;
    const net = (kind: string) =>
      month.statements.filter((s) => s.partner_kind === kind).reduce((n, s) => n + s.totals.net_cents, 0);
    expect([net("buyer"), net("publisher")]).toEqual([Number(sums!.buyers), Number(sums!.publishers)]);
  });

  it("closes a month once it has ended; a later return lands on the next month and the closed one never changes", async () => {
    const db = database.db;
    expect(previousMonth(NOV)).toBe("2026-10");
    const headAtClose = await ledgerHead(db);
    const before = await monthStatements(db, key, "2026-10", NOV);
    expect(before.state).toBe("closed");
    expect(before.closed_at).toBe(NOV.toISOString());
    // It carries the ledger's head at the close, signed, handed to each publisher with a statement (not to buyers).
    expect(before.head?.head).toEqual({ ...headAtClose, issued_at: NOV.toISOString() });
    expect(headSignatureHolds(before.head!, key.publicPem)).toBe(true);
    expect(await headsHandedTo(db, "acme", 10)).toEqual([
      {
        ...before.head,
        handed_at: NOV.toISOString(),
        publisher_id: "acme",
        channel: "statement",
        handed_for: "statement 2026-10",
      },
    ]);
    expect(await headsHandedTo(db, "lender-a", 10)).toEqual([]);
    // A return of October's sale approved in November.
    await write(NOV, [
      { kind: "returned", leadId: "l3", buyerId: "lender-b", amountCents: -2_000 },
      { kind: "sold", leadId: "l4", buyerId: "lender-b", amountCents: 1_000 },
    ]);
    // Even a row that says October, written after the close (a writer with a wrong clock), changes nothing closed.
    await write(OCT, [{ kind: "sold", leadId: "l5", buyerId: "lender-a", amountCents: 9_999 }]);
    expect(await closeMonth(db, key, "2026-10", new Date("2026-12-01T00:00:00Z"))).toBe(0);
    const after = await monthStatements(db, key, "2026-10", new Date("2026-12-02T00:00:00Z"));
    expect(after).toEqual(before);
    expect(await headsHandedTo(db, "acme", 10)).toHaveLength(1);
    const november = await monthStatements(db, key, "2026-11", NOV, { kind: "buyer", id: "lender-b" });
    expect(november.statements).toEqual([
      {
        partner_kind: "buyer",
        partner_id: "lender-b",
        month: "2026-11",
        totals: { leads_sold: 1, sold_cents: 1_000, returns: 1, returned_cents: -2_000, net_cents: -1_000 },
      },
    ]);
    // Even the database owner's plain update is refused.
    const refused = await db.execute(sql`update statements set totals = '{}'::jsonb`).then(
      () => "allowed",
      (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
    );
    expect(refused).toMatch(/append-only/);
  });

  it("waits ten minutes after a month ends before closing it, for the rows a pass begun before midnight still writes", async () => {
    const db = database.db;
    // A settle pass began a moment before September ended and writes its row after midnight, stamped as it began.
    await write(new Date("2026-09-30T23:59:58Z"), [
      { kind: "sold", leadId: "late-1", buyerId: "lender-late", amountCents: 700 },
    ]);
    expect(await closeMonth(db, key, "2026-09", new Date("2026-10-01T00:09:59Z"))).toBe(0);
    expect(await closeMonth(db, key, "2026-09", new Date("2026-10-01T00:10:00Z"))).toBeGreaterThan(0);
    const closed = await monthStatements(db, key, "2026-09", new Date("2026-10-02T00:00:00Z"), {
      kind: "buyer",
      id: "lender-late",
    });
    expect(closed.statements).toEqual([
      expect.objectContaining({ partner_id: "lender-late", totals: expect.objectContaining({ sold_cents: 700 }) }),
    ]);
  });

  it("writes a month's statements of one kind as CSV, in dollars", async () => {
    const { statements } = await monthStatements(database.db, key, "2026-10", NOV);
    const names: Record<string, string> = { acme: 'Acme, "Media"', "lender-a": "=cmd" };
    const nameOf = (s: { partner_id: string }) => names[s.partner_id] ?? s.partner_id;
    expect(statementsCsv("buyer", "2026-10", statements, nameOf)).toBe(
      [
        "month,buyer,name,leads sold,sold (USD),returns,returned (USD),net (USD)",
        "2026-10,lender-a,'=cmd,2,75.00,1,-35.00,40.00",
        "2026-10,lender-b,lender-b,1,20.00,0,0.00,20.00",
        "",
      ].join("\r\n"),
    );
    expect(statementsCsv("publisher", "2026-10", statements, nameOf).split("\r\n")[1]).toBe(
      '2026-10,acme,"Acme, ""Media""",2,18.75,1,-8.75,1,6.00,10.00',
    );
  });
});
