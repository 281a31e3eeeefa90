import type { StepFormContext } from "./step.ts";
import { stepFormSchema } from "./step-forms.ts";
import { stepBySlug } from "./step-table.ts";

/** Test helper: the form schema of the screen `slug`, as the funnel builds it. */
export function screenForm(slug: string, ctx: Partial<StepFormContext> = {}) {
  const step = stepBySlug(slug);
  if (!step) throw new Error(`No step ${slug}`);
  return stepFormSchema(step, { today: new Date(), ...ctx });
}
