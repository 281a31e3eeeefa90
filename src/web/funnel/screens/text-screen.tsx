import type { ClientField } from "#domain/fields/lead-fields.ts";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "../screen-props.ts";

// The screens that are their text fields and nothing more: the bank account number.
export function TextScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const stepForm = useStepForm(step, { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveStep(step, stepForm);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      {step.fields.map((field: ClientField) => (
        <StepTextField key={field} stepForm={stepForm} field={field} />
      ))}
    </StepShell>
  );
}
