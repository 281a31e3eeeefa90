import { CONSENT_TEXTS, placeholdersIn, type ConsentKey } from "#domain/consent.ts";
import type { ConsentEvidence } from "#domain/contracts/lead.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { consentRecords } from "../../platform/db/schema.ts";
import { templateHash } from "./consent-texts.ts";

// Consent evidence (docs/product/security-and-privacy.md): one row per kind of consent given by one button press,
// with the version and sha256 of the exact template shown, the values the page filled into its
// placeholders (brand name, SMS short code: they differ per brand, the template does not), the button,
// page, time, IP and user agent. Template + values give back the exact text shown (docs/decisions/0014-forms.md).

const TEXT_HASHES = Object.fromEntries(
  Object.entries(CONSENT_TEXTS).map(([key, text]) => [key, templateHash(text)]),
) as Record<ConsentKey, string>;

/** True when the evidence names the text version this server currently shows. */
function isCurrentConsent(evidence: ConsentEvidence): boolean {
  return CONSENT_TEXTS[evidence.key].version === evidence.version;
}

/**
 * What is wrong with the evidence sent with a write that must carry `expected` (undefined: a write whose
 * screen shows no consent text), or undefined when it is the current version of the right text.
 */
export function consentProblem(expected: ConsentKey | undefined, evidence: ConsentEvidence | undefined) {
  if (!evidence) return expected ? MESSAGES.consentMissing : undefined;
  if (evidence.key !== expected) return MESSAGES.consentNotForThisStep;
  if (!isCurrentConsent(evidence)) return MESSAGES.consentOutdated;
  // Without the values filled in, the record could not show which brand and short code the text named.
  const values = evidence.placeholders ?? {};
  return placeholdersIn(CONSENT_TEXTS[evidence.key]).every((name) => values[name])
    ? undefined
    : MESSAGES.consentMissing;
}

/** The values of the template's own placeholders, nothing else the browser may have sent. */
function filledValues(evidence: ConsentEvidence): Record<string, string> {
  return Object.fromEntries(
    placeholdersIn(CONSENT_TEXTS[evidence.key]).map((name) => [name, evidence.placeholders?.[name] ?? ""]),
  );
}

export async function recordConsent(
  tx: Tx | Db,
  leadId: string,
  evidence: ConsentEvidence,
  request: { ip: string; userAgent: string | undefined },
): Promise<void> {
  const text = CONSENT_TEXTS[evidence.key];
  // Keep the page path only: a query string could carry personal data.
  const pageUrl = evidence.page_url.split("?")[0] ?? "";
  await tx.insert(consentRecords).values(
    text.kinds.map((kind) => ({
      leadId,
      consentKind: kind,
      textVersion: text.version,
      textHash: TEXT_HASHES[evidence.key],
      placeholders: filledValues(evidence),
      button: text.button,
      pageUrl,
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 512),
    })),
  );
}
