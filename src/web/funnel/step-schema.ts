import { useState } from "react";
import { localToday } from "#domain/calendar-date.ts";
import type { FormValues, Step, StepFormContext } from "#domain/steps/step.ts";
import { stepFormSchema } from "#domain/steps/step-forms.ts";
import type { ZodForm } from "#web/ui/forms/use-zod-form.ts";

/** A funnel screen's form (useZodForm over useStepSchema): each field's text, parsed into the row's values. */
export type ScreenForm = ZodForm<Record<string, string>, FormValues>;

/**
 * The row's form schema (stepFormSchema, docs/product/validation.md) for useZodForm, built once per screen: what it
 * depends on is known when the screen opens. "Today" is the visitor's own calendar day (localToday), the reading
 * the pay-date and age rules expect.
 */
export function useStepSchema(step: Step, context: Omit<StepFormContext, "today"> = {}) {
  const [schema] = useState(() => stepFormSchema(step, { today: localToday(new Date()), ...context }));
  return schema;
}
