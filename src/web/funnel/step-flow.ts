import { CONSENT_TEXTS, type ConsentPlaceholders } from "#domain/consent.ts";
import type { ConsentEvidence } from "#domain/contracts/lead.ts";
import { SERVER_TO_CLIENT, serverFieldOf } from "#domain/fields/field-names.ts";
import type { ClientField } from "#domain/fields/lead-fields.ts";
import type { Step } from "#domain/steps/step.ts";
import { pathAfterPayDates } from "#domain/steps/resume.ts";

// Where a screen goes and what its save carries, from its row of the step table.

/** The returning visitor's pay-date screen (docs/product/settled-readings.md#12-loanreason-returning-visitor). */
const RETURNING_PAY_DATE_SLUG = "nextpaydatesort";

/**
 * Where a save leads, given the contact it answered with: the returning visitor's pay-date screen goes on
 * to the first step still missing (docs/product/settled-readings.md#12-loanreason-returning-visitor,
 * pathAfterPayDates), every other screen to its row's next (the SSN screen's is the submit screen).
 */
export function nextPathAfterSave(step: Step, contact: Record<string, unknown>): string {
  return step.slug === RETURNING_PAY_DATE_SLUG ? pathAfterPayDates(contact) : step.next;
}

/**
 * The consent evidence a screen showing consent text sends with its save (docs/decisions/0008): which
 * text, and the brand's values filled into it (docs/decisions/0014-forms.md).
 */
export function consentEvidence(
  step: Step,
  pagePath: string,
  placeholders: ConsentPlaceholders,
): { consent?: ConsentEvidence } {
  if (!step.consent) return {};
  const text = CONSENT_TEXTS[step.consent];
  return { consent: { key: text.key, version: text.version, page_url: pagePath, placeholders } };
}

/** The client field a server (or alias) name stands for, e.g. first_name -> firstName. */
export function clientFieldOfServerName(name: string): string | undefined {
  const field = serverFieldOf(name);
  return field ? SERVER_TO_CLIENT[field] : undefined;
}

/**
 * The form field a step-update error names (the server answers in the body's wire names): the field the
 * row's body takes it from, else the field the name stands for when the screen asks it, else the screen's
 * only field (the income source's incomeType and activeMilitary are both its one choice).
 */
export function clientFieldOfWire(step: Step, wire: string): string | undefined {
  const source = step.body?.[wire];
  if (typeof source === "string") return source;
  const client = clientFieldOfServerName(wire);
  if (client && step.fields.includes(client as ClientField)) return client;
  return step.fields.length === 1 ? step.fields[0] : undefined;
}
