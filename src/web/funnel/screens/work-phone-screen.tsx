import { shownThroughMasks } from "../fields/field-masks.ts";
import { StepMaskedField } from "../fields/step-masked-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
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
  const stepForm = useStepForm(step, {
    defaultValues: shownThroughMasks(defaultValuesFor(step, contact)),
    context: { knownPhones },
  });
  useWorkPhoneCheck(stepForm, FIELD, knownPhones);
  const save = useSaveStep(step, stepForm);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepMaskedField stepForm={stepForm} field={FIELD} />
    </StepShell>
  );
}
