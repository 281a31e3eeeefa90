import type { ClientField } from "./fields.ts";
import { ALTERNATE_STEPS, EXTRA_STEPS } from "./other-steps.ts";
import { MAIN_STEPS } from "./main-steps.ts";
import type { Option } from "./options.ts";

// The step table (spec section 2 route table and step order, section 7 step-update numbers, decisions
// rows 2, 3 and 12). Screens, routes, progress and the server's step validation all read this table.
// The rows live in main-steps.ts (the 24-step order) and other-steps.ts (/apply/* and the extra screens).

/** Which screen component renders a row; "choice" is the generic single-choice screen. */
export type StepScreen =
  | "legal-name"
  | "email"
  | "cell-phone"
  | "choice"
  | "dob"
  | "address"
  | "pay-date"
  | "employer"
  | "work-phone"
  | "routing"
  | "bank-details"
  | "bank-account"
  | "license"
  | "ssn"
  | "loan-confirm"
  | "request-cash";

export type Step = {
  slug: string;
  path: string;
  /** Progress number shown on the screen; the bar is indicator / TOTAL_STEPS. */
  indicator: number;
  /** "{firstName}" in a title is filled by stepTitle. */
  title: string;
  subtitle: string;
  screen: StepScreen;
  /** Client field names the screen edits. */
  fields: readonly ClientField[];
  /** A single-choice screen's options, its "nothing chosen" message and its preselected value. */
  optionSet?: readonly Option<string | number>[];
  choiceMessage?: string;
  defaultValue?: string;
  back: string | null;
  next: string;
  /** The step-update number of spec section 7, or null when the screen saves through create/update. */
  stepNumber: number | null;
  /** Wire field names of the step-update body (spec section 7). */
  bodyFields: readonly string[];
};

// Spec section 2: the progress bar shows indicator / 24.
export const TOTAL_STEPS = 24;

export const STEPS: readonly Step[] = [...MAIN_STEPS, ...ALTERNATE_STEPS, ...EXTRA_STEPS];

/** The 24 slugs of the main flow, in the spec's order (spec section 2, step order). */
export const MAIN_STEP_ORDER: readonly string[] = MAIN_STEPS.map((s) => s.slug);

export function stepBySlug(slug: string): Step | undefined {
  return STEPS.find((s) => s.slug === slug);
}

export function stepByPath(path: string): Step | undefined {
  return STEPS.find((s) => s.path === path);
}

/** Progress bar width in percent, one decimal (spec section 2: step / 24), held within 0..100. */
export function progressPercent(indicator: number): number {
  return Math.min(100, Math.max(0, Math.round((indicator / TOTAL_STEPS) * 1000) / 10));
}

/** Fills "{firstName}" in a title; a visitor without a saved first name is greeted as "there". */
export function stepTitle(step: Step, contact: { firstName?: string | null }): string {
  return step.title.replace("{firstName}", contact.firstName?.trim() || "there");
}
