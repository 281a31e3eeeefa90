import { useWatch } from "react-hook-form";
import { MESSAGES } from "#domain/messages.ts";
import { licenseStateCode, licenseStateName, licenseStatesStartingWith } from "#domain/state-names.ts";
import { ComboboxField } from "#web/ui/forms/combobox-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
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
  const form = useZodForm(useStepSchema(step), { defaultValues });
  const save = useSaveStep(step);
  const state = useWatch({ control: form.control, name: "issuingState" }) ?? "";

  // Text that names no state is refused with its own message rather than "required", before the form's check.
  const checkState = async () => {
    if (state.trim() === "" || licenseStateCode(state)) return true;
    form.setError("issuingState", { message: MESSAGES.issuingStateUnknown });
    form.focusFirstInvalid();
    return false;
  };

  return (
    <StepShell step={step} form={form} onValid={save} beforeValidation={checkState}>
      <TextField {...fieldInput("licenseID")} control={form.control} name="licenseID" />
      <ComboboxField
        {...fieldInput("issuingState")}
        control={form.control}
        name="issuingState"
        suggestions={licenseStateCode(state) ? [] : licenseStatesStartingWith(state)}
        toValue={(text) => licenseStateCode(text) ?? text}
        toText={licenseStateName}
      />
    </StepShell>
  );
}
