import { refusingRule } from "#domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import type { auctions } from "../../platform/db/schema.ts";
import type { LeadRow } from "../../intake/leads/lead-store.ts";
import type { Gate } from "./gate.ts";
import { readQuality, saveQuality, type QualityRecord } from "./quality-store.ts";
import type { ScreenInput, ServiceCall } from "./screening-check.ts";
import type { SettingsSource } from "./settings-store.ts";

// The gate as the auction meets it (docs/product/screening.md#how-the-gate-works): a lead's quality record, made once
// (the checks, then the operator's rules) and read again by every later run of its auction.

type AuctionRow = typeof auctions.$inferSelect;

export type Screening = {
  /** The lead's record, from the gate's run or from the record an earlier run saved. */
  screen(lead: LeadRow, auction: AuctionRow): Promise<QualityRecord>;
  /**
   * Once the lead is sold: its TrustedForm certificate claimed under the lead's id
   * (docs/product/screening.md#consent-certificates), the answer kept on its record. Never throws; a lead without a
   * certificate, or a test lead, is left.
   */
  sold?: (leadId: string) => Promise<void>;
};

export function createScreening(options: {
  db: Db;
  gate: Gate;
  settings: SettingsSource;
  /** Each outside call, as made: the process's /metrics counts them. */
  onCalls?: (calls: readonly ServiceCall[]) => void;
}): Screening {
  const { db, gate, settings, onCalls } = options;
  return {
    async screen(lead, auction) {
      // Only a run after the first can find a record: an earlier run's (runs counts the claims, this one's included).
      if (auction.runs > 1) {
        const kept = await readQuality(db, lead.id);
        if (kept) return kept;
      }
      const [run, current] = await Promise.all([gate.run(screenInput(lead, auction)), settings.current()]);
      onCalls?.(run.calls);
      const refused = refusingRule(current.rules, run.checks);
      return saveQuality(
        db,
        lead.id,
        { checks: run.checks, refusedReason: refused?.reason ?? null, ms: run.ms },
        run.calls,
      );
    },
  };
}

/** What the checks read of a lead and its auction. */
function screenInput(lead: LeadRow, auction: AuctionRow): ScreenInput {
  return {
    leadId: lead.id,
    testMode: auction.testMode,
    phone: lead.cell_phone ?? lead.home_phone,
    email: lead.email,
    zip: lead.zip,
    city: lead.city,
    state: lead.state,
    trustedFormUrl: auction.attribution.trustedFormURL ?? null,
    jornayaLeadId: auction.attribution.jornayaLeadId ?? null,
    sentAt: auction.createdAt,
    hashes: { device: auction.deviceHash, ip: auction.ipHash, phone: auction.phoneHash, email: auction.emailHash },
  };
}
