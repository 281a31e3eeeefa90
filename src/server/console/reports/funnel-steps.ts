import { CLIENT_TO_SERVER } from "../../../domain/fields/field-names.ts";
import type { ClientField } from "../../../domain/fields/lead-fields.ts";
import type { FunnelPath } from "../../../domain/contracts/console-reports.ts";
import type { Step } from "../../../domain/steps/step.ts";
import { ALTERNATE_STEPS } from "../../../domain/steps/other-steps.ts";
import { MAIN_STEPS } from "../../../domain/steps/main-steps.ts";
import { stepBySlug } from "../../../domain/steps/step-table.ts";

// The funnel's steps, read from the step table (src/domain/steps/step-table.ts), and how a row of
// step_events is recognised as the save of one of them. The history names a step-update save by its
// number and a save through the lead update (legal name, e-mail) by slug "update" with the fields it
// changed. The main flow and its /apply/* variants send the same numbers, so a save tells the two paths
// apart only where a variant sends fields its main twin does not (today /apply/bank's account number and
// type with step 18): that is the apply path's mark. A lead is on the apply path once its history carries
// it; before that it cannot be told from the main path, and counts there.

export type FunnelStep = {
  step: Step;
  /** The step-update number its save carries; null for a save through the lead update. */
  number: number | null;
  /** Server field names a lead-update save of this step changes. */
  fields: string[];
  /** True for the last row, /requestcash: "saved" there is the final submission (an auctions row). */
  submission: boolean;
};

const serverFields = (fields: readonly ClientField[]) =>
  fields.flatMap((f) => (Object.hasOwn(CLIENT_TO_SERVER, f) ? [CLIENT_TO_SERVER[f] as string] : []));

const submit = stepBySlug("requestcash");
if (!submit) throw new Error("The step table has no /requestcash");

function funnelStep(step: Step): FunnelStep {
  return { step, number: step.stepNumber, fields: serverFields(step.fields), submission: step === submit };
}

export const FUNNEL_STEPS: Record<FunnelPath, FunnelStep[]> = {
  main: [...MAIN_STEPS, submit].map(funnelStep),
  apply: [...ALTERNATE_STEPS, submit].map(funnelStep),
};

/** Per step number, the fields only an /apply/* variant sends with it: a save carrying one is on the apply path. */
export const APPLY_MARKS: { number: number; fields: string[] }[] = ALTERNATE_STEPS.flatMap((variant) => {
  const twin = MAIN_STEPS.find((m) => m.stepNumber !== null && m.stepNumber === variant.stepNumber);
  if (!twin || variant.stepNumber === null) return [];
  const own = new Set(serverFields(twin.fields));
  const extra = serverFields(variant.fields).filter((f) => !own.has(f));
  return extra.length > 0 ? [{ number: variant.stepNumber, fields: extra }] : [];
});
