import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";

// A month's statements as the ledger's rows of that month sum up (docs/product/partners.md#statements): per buyer,
// leads sold, returns and the net it owes; per publisher, payouts earned, reversed and made final, and the net.

export type PartnerKind = "buyer" | "publisher";

export type BuyerTotals = {
  leads_sold: number;
  sold_cents: number;
  returns: number;
  returned_cents: number;
  net_cents: number;
};
export type PublisherTotals = {
  payouts_earned: number;
  earned_cents: number;
  payouts_reversed: number;
  reversed_cents: number;
  payouts_final: number;
  final_cents: number;
  /** Earned less reversed: what the month added to what the publisher is owed. */
  net_cents: number;
};
export type Statement =
  | { partner_kind: "buyer"; partner_id: string; month: string; totals: BuyerTotals }
  | { partner_kind: "publisher"; partner_id: string; month: string; totals: PublisherTotals };

type Sum = { partner_kind: PartnerKind; partner_id: string; kind: string; n: number | string; cents: number | string };

const emptyBuyer = (): BuyerTotals => ({ leads_sold: 0, sold_cents: 0, returns: 0, returned_cents: 0, net_cents: 0 });
const emptyPublisher = (): PublisherTotals => ({
  payouts_earned: 0,
  earned_cents: 0,
  payouts_reversed: 0,
  reversed_cents: 0,
  payouts_final: 0,
  final_cents: 0,
  net_cents: 0,
});

/** Every partner's statement of a month, summed now from the ledger, buyers then publishers, each by id. */
export async function liveStatements(db: Db, month: string, partner?: { kind: PartnerKind; id: string }) {
  const only = (column: string) => (partner === undefined ? sql`` : sql` and ${sql.raw(column)} = ${partner.id}`);
  const wants = (kind: PartnerKind) => partner === undefined || partner.kind === kind;
  const result = await db.execute(sql`
    select 'buyer' as partner_kind, buyer_id as partner_id, kind, count(*) as n, sum(amount_cents) as cents
      from ledger_entries
      where ${wants("buyer")} and month = ${month} and kind in ('sold', 'returned') and buyer_id is not null${only("buyer_id")}
      group by buyer_id, kind
    union all
    select 'publisher', publisher_id, kind, count(*), sum(amount_cents)
      from ledger_entries
      where ${wants("publisher")} and month = ${month} and kind in ('payout_earned', 'payout_reversed', 'payout_final')
        and publisher_id is not null${only("publisher_id")}
      group by publisher_id, kind`);
  const buyers = new Map<string, BuyerTotals>();
  const publishers = new Map<string, PublisherTotals>();
  for (const row of (result as unknown as { rows: Sum[] }).rows) {
    const n = Number(row.n);
    const cents = Number(row.cents);
    if (row.partner_kind === "buyer") {
      const t = buyers.get(row.partner_id) ?? emptyBuyer();
      if (row.kind === "sold") Object.assign(t, { leads_sold: n, sold_cents: cents });
      else Object.assign(t, { returns: n, returned_cents: cents });
      t.net_cents = t.sold_cents + t.returned_cents;
      buyers.set(row.partner_id, t);
    } else {
      const t = publishers.get(row.partner_id) ?? emptyPublisher();
      if (row.kind === "payout_earned") Object.assign(t, { payouts_earned: n, earned_cents: cents });
      else if (row.kind === "payout_reversed") Object.assign(t, { payouts_reversed: n, reversed_cents: cents });
      else Object.assign(t, { payouts_final: n, final_cents: cents });
      t.net_cents = t.earned_cents + t.reversed_cents;
      publishers.set(row.partner_id, t);
    }
  }
  const byId = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    ...byId(buyers).map(([id, totals]): Statement => ({ partner_kind: "buyer", partner_id: id, month, totals })),
    ...byId(publishers).map(([id, totals]): Statement => ({
      partner_kind: "publisher",
      partner_id: id,
      month,
      totals,
    })),
  ];
}
