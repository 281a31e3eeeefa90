import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { useSaveLead } from "../save-lead.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "./screen-props.ts";

// E-mail (docs/product/screens-and-routes.md): a plain e-mail input for now (domain autocomplete and the double-check
// pop-up come later). Its Next creates the lead from the quick start's answers and the legal name.
export function EmailScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const stepForm = useStepForm(step, { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveLead(step, stepForm);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepTextField stepForm={stepForm} field="email" />
    </StepShell>
  );
}
