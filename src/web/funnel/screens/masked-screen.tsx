import { MaskedField } from "#web/ui/forms/masked-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { maskOf, shownThroughMasks } from "../fields/field-masks.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import type { ScreenProps } from "../screen-props.ts";

// The screens that are one masked field (docs/product/validation.md): the cell phone ((999)-999-9999) and the SSN
// (xxx-xx-xxxx), with the consent text of their row above the button (the SSN's credit-report authorisation and
// its links). A phone the server refuses reads "Phone number is invalid!" under the field (the row's refusal).
export function MaskedScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const form = useZodForm(useStepSchema(step), {
    defaultValues: shownThroughMasks(defaultValuesFor(step, funnel.contact)),
  });
  const save = useSaveStep(step);
  return (
    <StepShell step={step} form={form} onValid={save}>
      {step.fields.map((field) => (
        <MaskedField key={field} {...fieldInput(field)} control={form.control} name={field} mask={maskOf(field)} />
      ))}
    </StepShell>
  );
}
