import { LICENSE_STATE_OPTIONS } from "#domain/options.ts";
import { StepSelectField } from "../fields/step-select-field.tsx";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "./screen-props.ts";

const isLicenseState = (value: unknown) => LICENSE_STATE_OPTIONS.some((o) => o.value === value);

// Driver's licence / state ID (docs/product/validation.md): the licence number and the issuing state, a select over
// the 50 states for now (the spec's free-text autocomplete comes later). The state of the visitor's
// address is chosen to start with: most licences are issued where their holder lives.
export function LicenseScreen({ step }: ScreenProps) {
  const { contact } = useFunnel();
  const defaultValues = defaultValuesFor(step, contact);
  if (!defaultValues.issuingState && isLicenseState(contact.state)) defaultValues.issuingState = String(contact.state);
  const stepForm = useStepForm(step, { defaultValues });
  const save = useSaveStep(step, stepForm);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepTextField stepForm={stepForm} field="licenseID" />
      <StepSelectField
        stepForm={stepForm}
        field="issuingState"
        label="Issuing State"
        options={LICENSE_STATE_OPTIONS}
        placeholder="Select a state"
      />
    </StepShell>
  );
}
