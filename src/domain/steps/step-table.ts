import { CLIENT_TO_SERVER } from "../fields/field-names.ts";
import { LEAD_FIELDS, type ClientField } from "../fields/lead-fields.ts";
import type { Option } from "../options.ts";
import { MAIN_STEPS } from "./main-steps.ts";
import { ALTERNATE_STEPS, EXTRA_STEPS } from "./other-steps.ts";
import type { Step } from "./step.ts";

// The step table (docs/product/screens-and-routes.md route table and step order, docs/product/server-calls.md
// step-update numbers, docs/product/settled-readings.md readings 2, 3 and 12). Screens, routes, progress, the
// step-update bodies, the consent per step and the resume order all read this table. The rows live in main-steps.ts
// (the 24-step order) and other-steps.ts (/apply/* and the extra screens); step.ts says what a row holds.

// docs/product/screens-and-routes.md: the progress bar shows indicator / 24.
export const TOTAL_STEPS = 24;

export const STEPS: readonly Step[] = [...MAIN_STEPS, ...ALTERNATE_STEPS, ...EXTRA_STEPS];

/** The 24 slugs of the main flow, in the spec's order (docs/product/screens-and-routes.md, step order). */
export const MAIN_STEP_ORDER: readonly string[] = MAIN_STEPS.map((s) => s.slug);

export function stepBySlug(slug: string): Step | undefined {
  return STEPS.find((s) => s.slug === slug);
}

export function stepByPath(path: string): Step | undefined {
  return STEPS.find((s) => s.path === path);
}

/** The options a single-choice screen shows: its own list, else its field's in the registry. */
export function choiceOptions(step: Step): readonly Option<string | number>[] {
  const [field] = step.fields;
  if (step.screen !== "choice" || step.fields.length !== 1 || !field) {
    throw new Error(`${step.slug} is not a single-choice screen`);
  }
  const options =
    step.options ??
    (LEAD_FIELDS[CLIENT_TO_SERVER[field as ClientField]] as { options?: readonly Option<string | number>[] }).options;
  if (!options) throw new Error(`${field} has no options`);
  return options;
}

/** Progress bar width in percent, one decimal (docs/product/screens-and-routes.md: step / 24), held within 0..100. */
export function progressPercent(indicator: number): number {
  return Math.min(100, Math.max(0, Math.round((indicator / TOTAL_STEPS) * 1000) / 10));
}

/** Fills "{firstName}" in a title; a visitor without a saved first name is greeted as "there". */
export function stepTitle(step: Step, contact: { firstName?: string | null }): string {
  return step.title.replace("{firstName}", contact.firstName?.trim() || "there");
}
