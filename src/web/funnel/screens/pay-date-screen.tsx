import { useState } from "react";
import { localToday } from "#domain/calendar-date.ts";
import { allowedNextPayDates } from "#domain/pay-dates.ts";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "./screen-props.ts";

// Next pay date (docs/product/screens-and-routes.md and docs/product/behaviour.md,
// docs/product/settled-readings.md#5-next-pay-date-window): for now the browser's own date picker, held to today
// through 30 days ahead; a weekend, which it cannot grey out, gets the window message. The second pay date is computed
// from the saved pay frequency when the step is sent (formToStepBody).
export function PayDateScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const stepForm = useStepForm(step, { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveStep(step, stepForm);
  const [window] = useState(() => allowedNextPayDates(localToday(new Date())));
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepTextField stepForm={stepForm} field="incomeNextDate1" input={{ min: window[0], max: window.at(-1) }} />
    </StepShell>
  );
}
