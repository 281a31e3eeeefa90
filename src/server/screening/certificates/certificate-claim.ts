import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { auctions, leads } from "../../platform/db/schema.ts";
import { setCheck } from "../gate/quality-store.ts";
import type { ServiceCall } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { TRUSTEDFORM_ADAPTER, type TrustedFormCertificates } from "./trustedform-certificates.ts";

// A sold lead's TrustedForm certificate claimed (retained) under the lead's id
// (docs/product/screening.md#consent-certificates): without a claim the certificate expires after 72 hours, and the
// buyer's proof of consent with it. The
// answer, claimed or claim_failed, replaces the gate's on the lead's quality record.

export function createCertificateClaim(options: {
  db: Db;
  certificates: TrustedFormCertificates;
  timeoutMs: number;
  onCalls?: (calls: readonly ServiceCall[]) => void;
  warn: (message: string) => void;
}): (leadId: string) => Promise<void> {
  const { db, certificates, timeoutMs, onCalls, warn } = options;
  return async (leadId) => {
    try {
      const [row] = await db
        .select({ lead: leads, auction: auctions })
        .from(auctions)
        .innerJoin(leads, eq(leads.id, auctions.leadId))
        .where(eq(auctions.leadId, leadId))
        .limit(1);
      const certUrl = row?.auction.attribution.trustedFormURL;
      if (!row || !certUrl || row.auction.testMode || row.lead.test_mode) return;
      const lead = { email: row.lead.email, phone: row.lead.cell_phone ?? row.lead.home_phone };
      const at = () => new Date().toISOString();
      const call = (outcome: ServiceCall["outcome"]): ServiceCall => ({ adapter: TRUSTEDFORM_ADAPTER, outcome });
      try {
        const claimed = await certificates.claim(certUrl, lead, leadId, AbortSignal.timeout(timeoutMs));
        onCalls?.([call("ok")]);
        await setCheck(
          db,
          leadId,
          "consent_certificate",
          { ...claimed, source: TRUSTEDFORM_ADAPTER, at: at() },
          call("ok"),
        );
      } catch (error) {
        const outcome = error instanceof ServiceFailure ? error.outcome : "failed";
        onCalls?.([call(outcome)]);
        const detail = error instanceof ServiceFailure ? error.message : "claim failed";
        await setCheck(
          db,
          leadId,
          "consent_certificate",
          { answer: "claim_failed", source: TRUSTEDFORM_ADAPTER, at: at(), detail },
          call(outcome),
        );
      }
    } catch (error) {
      warn(`certificate claim not recorded: ${(error as Error).name}`);
    }
  };
}
