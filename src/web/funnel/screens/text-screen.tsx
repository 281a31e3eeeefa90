import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import type { ScreenProps } from "../screen-props.ts";

// The screens that are their text fields and nothing more: the bank account number.
export function TextScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const form = useZodForm(useStepSchema(step), { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveStep(step);
  return (
    <StepShell step={step} form={form} onValid={save}>
      {step.fields.map((field) => (
        <TextField key={field} {...fieldInput(field)} control={form.control} name={field} />
      ))}
    </StepShell>
  );
}
