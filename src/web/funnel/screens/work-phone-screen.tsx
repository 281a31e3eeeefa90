import { MaskedField } from "#web/ui/forms/masked-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { maskOf, shownThroughMasks } from "../fields/field-masks.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import { useWorkPhoneCheck } from "../use-work-phone-check.ts";
import type { ScreenProps } from "../screen-props.ts";

const FIELD = "employerPhone";

// Work phone (docs/product/validation.md): masked (999)-999-9999, and different from the visitor's cell and home
// phone, checked while typing (after a 300 ms pause) and again by the row's form on Next; the server checks the
// saved lead too.
export function WorkPhoneScreen({ step }: ScreenProps) {
  const { contact } = useFunnel();
  const knownPhones = {
    cellPhone: contact.cellPhone as string | null | undefined,
    phone: contact.phone as string | null | undefined,
  };
  const form = useZodForm(useStepSchema(step, { knownPhones }), {
    defaultValues: shownThroughMasks(defaultValuesFor(step, contact)),
  });
  useWorkPhoneCheck(form, FIELD, knownPhones);
  const save = useSaveStep(step);
  return (
    <StepShell step={step} form={form} onValid={save}>
      <MaskedField {...fieldInput(FIELD)} control={form.control} name={FIELD} mask={maskOf(FIELD)} />
    </StepShell>
  );
}
