import type { ClientField } from "#domain/fields/lead-fields.ts";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "./screen-props.ts";

// The screens that are their text fields and nothing more: cell phone, work phone, employer, bank account
// number and SSN (plain inputs for now; masks and suggestions come later). The work phone form checks
// the number against the visitor's own (docs/product/validation.md); the phone and SSN rows show their consent text.
export function TextScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const { contact } = funnel;
  const knownPhones = {
    cellPhone: contact.cellPhone as string | null | undefined,
    phone: contact.phone as string | null | undefined,
  };
  const stepForm = useStepForm(step, { defaultValues: defaultValuesFor(step, contact), context: { knownPhones } });
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
