import type { ClientField } from "../fields/lead-fields.ts";
import { MAIN_STEPS } from "./main-steps.ts";
import { MAIN_STEP_ORDER } from "./step-table.ts";

// docs/product/behaviour.md, resume logic: the first step whose fields are missing decides where a returning
// visitor lands. The order is the main flow's, from the phone step on (the legal name and e-mail screens
// come before it), each screen checked by the fields its form asks.
export const RESUME_FIELDS: readonly (readonly [ClientField, string])[] = MAIN_STEPS.filter(
  (step) => step.resumable !== false,
).flatMap((step) => step.fields.map((field) => [field, step.slug] as const));

const missing = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

type Contact = Partial<Record<ClientField, unknown>>;

/** The slug of the first unfinished step, or undefined when every step's fields are present. */
export function firstMissingStep(contact: Contact): string | undefined {
  return RESUME_FIELDS.find(([field]) => missing(contact[field]))?.[1];
}

const PAY_DATE_INDEX = MAIN_STEP_ORDER.indexOf("nextpaydate");

/**
 * What the legal name screen asks an e-mail-link visitor: an e-mail link carries only the e-mail and the
 * loan reason, so a lead it starts has no name and no amount, which every lender needs
 * (docs/product/behaviour.md#resume-logic).
 */
const NAME_AND_AMOUNT: readonly ClientField[] = ["firstName", "lastName", "amount"];

/**
 * Where a returning visitor goes: the legal name screen while the name or amount is missing; then the
 * first unfinished step when it comes before next pay date; otherwise (next pay date or later, or nothing
 * missing) /loanreason, which confirms amount and reason and refreshes the pay dates
 * (docs/product/settled-readings.md#12-loanreason-returning-visitor).
 */
export function resumePath(contact: Contact): string {
  if (NAME_AND_AMOUNT.some((field) => missing(contact[field]))) return "/lgname";
  const slug = firstMissingStep(contact);
  if (slug === undefined || MAIN_STEP_ORDER.indexOf(slug) >= PAY_DATE_INDEX) return "/loanreason";
  return `/${slug}`;
}

/**
 * After /nextpaydatesort: the first step after the pay date still missing, else /requestcash
 * (docs/product/settled-readings.md#12-loanreason-returning-visitor).
 */
export function pathAfterPayDates(contact: Contact): string {
  const slug = RESUME_FIELDS.find(
    ([field, slug]) => MAIN_STEP_ORDER.indexOf(slug) > PAY_DATE_INDEX && missing(contact[field]),
  )?.[1];
  return slug ? `/${slug}` : "/requestcash";
}
