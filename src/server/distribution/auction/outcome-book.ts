import type { BuyerOutcome } from "#domain/buyers/buyer-outcomes.ts";
import { NO_ANSWER, type CallOutcome } from "./buyer-http.ts";

// Every buyer's outcome in one run of an auction (docs/decisions/0041-every-buyers-outcome.md), kept in memory as the
// run goes and written with its decision, in the decision's statement: nothing is written for a run that does not
// decide (fenced out, handed back), and the run that does decide writes them all.

export type OutcomeRecord = {
  buyerId: string;
  outcome: BuyerOutcome;
  detail: string | null;
  offeredCents: number | null;
  paidCents: number | null;
  at: Date;
};

export type OutcomeExtra = {
  detail?: string | null | undefined;
  offeredCents?: number | null;
  paidCents?: number | null;
};

/** A failed call as an outcome: what failed and at which call ("post", "ping: http 500"). */
export function failedCall(
  outcome: Extract<CallOutcome, { ok: false }>,
  call: "ping" | "post",
): { outcome: BuyerOutcome; detail: string } {
  if (outcome.unreadable) return { outcome: "unreadable", detail: `${call}: ${outcome.reason}` };
  if (outcome.reason === NO_ANSWER.timeout) return { outcome: "timeout", detail: call };
  if (outcome.reason === NO_ANSWER.connection) return { outcome: "connection_failed", detail: call };
  return { outcome: "error", detail: `${call}: ${outcome.reason}` };
}

export class OutcomeBook {
  private readonly records = new Map<string, OutcomeRecord & { open: boolean }>();
  private buyerIds: readonly string[] = [];

  /** The buyers the run read: each gets an outcome when the run closes, whatever it reached. */
  consider(buyerIds: readonly string[]): void {
    this.buyerIds = buyerIds;
  }

  /** The buyer's outcome so far; a later step of the same buyer replaces it (a bid, then its post). */
  set(buyerId: string, outcome: BuyerOutcome, extra: OutcomeExtra = {}): void {
    this.records.set(buyerId, this.record(buyerId, outcome, extra, false));
  }

  /**
   * An offer that was not posted yet: outbid if another buyer's post sells, otherwise what ends the auction
   * before its turn (`rest`) replaces it, keeping its price.
   */
  offered(buyerId: string, offeredCents: number): void {
    this.records.set(buyerId, this.record(buyerId, "outbid", { offeredCents }, true));
  }

  /** Every buyer with no settled outcome yet gets this one (a sale stopped, the time budget spent). */
  rest(outcome: BuyerOutcome, detail: string): void {
    for (const buyerId of this.buyerIds) {
      const kept = this.records.get(buyerId);
      if (kept && !kept.open) continue;
      this.records.set(buyerId, this.record(buyerId, outcome, { detail, offeredCents: kept?.offeredCents }, false));
    }
  }

  /**
   * Every buyer's outcome once the run has decided: a buyer left unsettled was not reached, because the winner's
   * tier sold (`soldInTier`) or for the rejection's reason; an offer left open stays outbid when the lead sold.
   */
  close(ending: { soldInTier: number } | { reason: string }): OutcomeRecord[] {
    const why = "soldInTier" in ending ? `sold in tier ${ending.soldInTier}` : ending.reason;
    for (const buyerId of this.buyerIds) {
      const kept = this.records.get(buyerId);
      if (kept && (!kept.open || "soldInTier" in ending)) continue;
      this.records.set(
        buyerId,
        this.record(buyerId, "not_reached", { detail: why, offeredCents: kept?.offeredCents }, false),
      );
    }
    return [...this.records.values()].map(({ open: _open, ...record }) => record);
  }

  private record(buyerId: string, outcome: BuyerOutcome, extra: OutcomeExtra, open: boolean) {
    return {
      buyerId,
      outcome,
      detail: extra.detail ?? null,
      offeredCents: extra.offeredCents ?? null,
      paidCents: extra.paidCents ?? null,
      at: new Date(),
      open,
    };
  }
}
