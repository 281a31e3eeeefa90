import { createHash } from "node:crypto";
import { ALL_CONSENT_TEXTS, type ConsentText } from "#domain/consent.ts";

// The sha256 of a consent template is what a consent record stores (record-consent.ts): it names the exact
// wording shown, across versions, and gives the wording back (consent-certificate.ts).

export function templateHash(text: ConsentText): string {
  return createHash("sha256").update(text.template, "utf8").digest("hex");
}

const TEXT_BY_HASH = new Map(ALL_CONSENT_TEXTS.map((text) => [templateHash(text), text]));

/** The text, current or retired, whose template has this hash. */
export function consentTextByHash(hash: string): ConsentText | undefined {
  return TEXT_BY_HASH.get(hash);
}
