import { BANK_ACCOUNT_TYPE_OPTIONS, DEFAULT_BANK_ACCOUNT_TYPE } from "#domain/options.ts";
import { ChoiceGroup } from "../fields/choice-group.tsx";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useChoiceConfirmation } from "../use-choice-confirmation.tsx";
import { useStepForm } from "../use-step-form.ts";
import { RoutingFields, useRoutingSave } from "./routing-screen.tsx";
import type { ScreenProps } from "../screen-props.ts";

// Bank details of the alternate path (docs/product/screens-and-routes.md, /apply/bank): routing number with its lookup,
// bank name, account number and account type (Checking chosen to start with, docs/product/validation.md) on one screen.
// Saving is confirmed in the same pop-up as on /banktype (the row's confirmChoice).
export function BankDetailsScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const defaultValues = defaultValuesFor(step, funnel.contact);
  defaultValues.bankAccountType ||= DEFAULT_BANK_ACCOUNT_TYPE;
  const stepForm = useStepForm(step, { defaultValues });
  const confirmation = useChoiceConfirmation(step, stepForm);
  const { routing, onSubmit } = useRoutingSave(step, stepForm, confirmation.guard);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={onSubmit}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <RoutingFields stepForm={stepForm} routing={routing} />
      <StepTextField stepForm={stepForm} field="bankAccount" />
      <ChoiceGroup
        control={stepForm.form.control}
        name="bankAccountType"
        label="Bank Account Type"
        options={BANK_ACCOUNT_TYPE_OPTIONS}
      />
      {confirmation.dialog}
    </StepShell>
  );
}
