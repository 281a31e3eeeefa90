import { shownThroughMasks } from "../fields/field-masks.ts";
import { StepMaskedField } from "../fields/step-masked-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "../screen-props.ts";

// The screens that are one masked field (docs/product/validation.md): the cell phone ((999)-999-9999) and the SSN
// (xxx-xx-xxxx), with the consent text of their row above the button (the SSN's credit-report authorisation and
// its links). A phone the server refuses reads "Phone number is invalid!" under the field (useSaveStep).
export function MaskedScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const stepForm = useStepForm(step, { defaultValues: shownThroughMasks(defaultValuesFor(step, funnel.contact)) });
  const save = useSaveStep(step, stepForm);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      {step.fields.map((field) => (
        <StepMaskedField key={field} stepForm={stepForm} field={field} />
      ))}
    </StepShell>
  );
}
