import { useWatch } from "react-hook-form";
import { MESSAGES } from "#domain/messages.ts";
import { licenseStateCode, licenseStateName, licenseStatesStartingWith } from "#domain/state-names.ts";
import { StepComboboxField } from "../fields/step-combobox-field.tsx";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "../screen-props.ts";

// Driver's licence / state ID (docs/product/validation.md): the licence number and the issuing state, typed as
// free text with completions over the 50 states: a name or a code names the state, whose code is sent
// (docs/product/settled-readings.md#25-licence-state). The state of the visitor's address is filled in to
// start with: most licences are issued where their holder lives.
export function LicenseScreen({ step }: ScreenProps) {
  const { contact } = useFunnel();
  const defaultValues = defaultValuesFor(step, contact);
  if (!defaultValues.issuingState && typeof contact.state === "string" && licenseStateCode(contact.state)) {
    defaultValues.issuingState = contact.state;
  }
  const stepForm = useStepForm(step, { defaultValues });
  const save = useSaveStep(step, stepForm);
  const state = (useWatch({ control: stepForm.form.control, name: "issuingState" }) as string | undefined) ?? "";

  const onSubmit = async () => {
    // Text that names no state is refused with its own message rather than "required".
    if (state.trim() !== "" && !licenseStateCode(state)) {
      stepForm.form.setError("issuingState", { message: MESSAGES.issuingStateUnknown });
      stepForm.focusFirstInvalid();
      return;
    }
    await stepForm.submit(save);
  };

  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={onSubmit}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepTextField stepForm={stepForm} field="licenseID" />
      <StepComboboxField
        stepForm={stepForm}
        field="issuingState"
        suggestions={licenseStateCode(state) ? [] : licenseStatesStartingWith(state)}
        toValue={(text) => licenseStateCode(text) ?? text}
        toText={licenseStateName}
      />
    </StepShell>
  );
}
