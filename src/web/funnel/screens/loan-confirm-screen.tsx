import { LOAN_AMOUNT_OPTIONS, LOAN_REASON_OPTIONS } from "#domain/options.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { useSaveLead } from "../save-lead.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import type { ScreenProps } from "../screen-props.ts";

// /loanreason (docs/product/settled-readings.md#12-loanreason-returning-visitor): a returning visitor confirms the loan
// amount and reason, prefilled from the lead, saved with a lead update; then the pay dates are asked again.
export function LoanConfirmScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const form = useZodForm(useStepSchema(step), { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveLead(step);
  return (
    <StepShell step={step} form={form} onValid={save}>
      <SelectField
        control={form.control}
        name="amount"
        label="Loan Amount"
        options={LOAN_AMOUNT_OPTIONS}
        placeholder="Select an amount"
        autoComplete="off"
      />
      <SelectField
        control={form.control}
        name="loanReason"
        label="Reason for loan"
        options={LOAN_REASON_OPTIONS}
        placeholder="Select a reason"
        autoComplete="off"
      />
    </StepShell>
  );
}
