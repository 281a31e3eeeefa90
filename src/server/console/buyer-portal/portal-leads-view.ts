import { eq } from "drizzle-orm";
import { sourcesOf } from "../../../domain/buyers/transforms.ts";
import type { PortalLead } from "../../../domain/contracts/portal-leads.ts";
import { logSensitiveRead } from "../../compliance/sensitive-reads.ts";
import { postDocument } from "../../distribution/auction/auction.ts";
import { readRunStart } from "../../distribution/auction/auction-store.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { leadDocument } from "../../distribution/auction/lead-document.ts";
import { certificateUrl, issueCertificateToken } from "../../intake/consent/consent-certificate.ts";
import type { Db } from "../../platform/db/database.ts";
import { auctions, leads } from "../../platform/db/schema.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { readQuality } from "../../screening/gate/quality-store.ts";
import { recordAction, type Actor } from "../audit/audit-log.ts";
import { soldLead } from "./portal-leads.ts";

// A lead's personal data as its buyer bought it (docs/product/buyer-money.md#the-buyer-portal): the document the
// auction built (its answers, tracking, consent evidence, certificate and the gate's answers), narrowed as the post
// narrowed it (postDocument: the full application only for a lender licensed in the applicant's state) and to the
// fields the buyer's post mapping sends. Each view writes its audit entry and its sensitive read in one transaction
// before any of it is answered, as a console reveal does (lead-reveal.ts): a view that cannot be recorded is not shown.

export type PortalViewDeps = { db: Db; cipher: PiiCipher; tokenSecret: Buffer; publicBaseUrl: string };

/** What an erased or purged lead answers: it was the buyer's, but nothing of the person is kept. */
export const LEAD_ERASED =
  "This lead's personal data was erased (a privacy request or the retention period), so there is nothing to show.";

const ERASED = new Set(["erased", "purged"]);

export type LeadView = PortalLead | "erased" | undefined;

/** The lead sold to `buyer` with its bought data; "erased" for one erased; undefined for a lead not sold to it. */
export async function viewSoldLead(
  deps: PortalViewDeps,
  actor: Actor,
  buyer: Buyer,
  leadId: string,
  now: Date,
): Promise<LeadView> {
  const { db } = deps;
  const sale = await soldLead(db, buyer.id, leadId);
  if (!sale) return undefined;
  if (ERASED.has(sale.leadStatus)) return "erased";
  const { leadStatus: _, ...lead } = sale;
  // What the auction read beside the lead: its latest TCPA consent (readRunStart, with no duplicate window and no
  // account), the submission's tracking and the gate's record.
  const noPerson = { leadId, emailHash: null, phoneHash: null, ssnHash: null, testMode: lead.test };
  const [start, quality, [auction]] = await Promise.all([
    readRunStart(db, noPerson, 0, undefined),
    readQuality(db, leadId),
    db.select({ attribution: auctions.attribution }).from(auctions).where(eq(auctions.leadId, leadId)),
  ]);
  return db.transaction(async (tx) => {
    // Held until the view is recorded: an erasure that comes meanwhile waits, and one that came first is seen.
    const [row] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("share");
    if (!row || ERASED.has(row.status)) return "erased";
    const doc = leadDocument(row, deps.cipher, {
      attribution: auction?.attribution ?? {},
      consent: start?.consent,
      certificateUrl: certificateUrl(deps.publicBaseUrl, issueCertificateToken(deps.tokenSecret, leadId, now)),
      today: new Date(lead.sold_at),
      quality: quality?.checks,
    });
    const visible = postDocument(buyer, doc);
    const sent = [...new Set(buyer.post.fields.flatMap((map) => sourcesOf(map)))];
    const fields = sent.flatMap((field) => {
      const value = visible[field];
      return value === null || value === undefined ? [] : [{ field, value }];
    });
    const names = fields.map((f) => f.field);
    await recordAction(tx, actor, {
      action: "portal.lead_view",
      target: leadId,
      details: { buyer_id: buyer.id, fields: names },
    });
    await logSensitiveRead(tx, { leadId, fields: names, purpose: "buyer portal view", recipient: buyer.id });
    return { lead, fields };
  });
}
