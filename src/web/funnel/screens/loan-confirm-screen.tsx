import { LOAN_AMOUNT_OPTIONS, LOAN_REASON_OPTIONS } from "#domain/options.ts";
import { StepSelectField } from "../fields/step-select-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { useSaveLead } from "../save-lead.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "../screen-props.ts";

// /loanreason (docs/product/settled-readings.md#12-loanreason-returning-visitor): a returning visitor confirms the loan
// amount and reason, prefilled from the lead, saved with a lead update; then the pay dates are asked again.
export function LoanConfirmScreen({ step }: ScreenProps) {
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
      <StepSelectField
        stepForm={stepForm}
        field="amount"
        label="Loan Amount"
        options={LOAN_AMOUNT_OPTIONS}
        placeholder="Select an amount"
      />
      <StepSelectField
        stepForm={stepForm}
        field="loanReason"
        label="Reason for loan"
        options={LOAN_REASON_OPTIONS}
        placeholder="Select a reason"
      />
    </StepShell>
  );
}
