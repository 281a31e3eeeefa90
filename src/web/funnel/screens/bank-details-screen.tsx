import { BANK_ACCOUNT_TYPE_OPTIONS, DEFAULT_BANK_ACCOUNT_TYPE } from "#domain/options.ts";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { ChoiceGroup } from "../fields/choice-group.tsx";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useChoiceConfirmation } from "../use-choice-confirmation.tsx";
import { RoutingFields, useRoutingSave } from "./routing-screen.tsx";
import type { ScreenProps } from "../screen-props.ts";

// Bank details of the alternate path (docs/product/screens-and-routes.md, /apply/bank): routing number with its lookup,
// bank name, account number and account type (Checking chosen to start with, docs/product/validation.md) on one screen.
// Saving is confirmed in the same pop-up as on /banktype (the row's confirmChoice).
export function BankDetailsScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const defaultValues = defaultValuesFor(step, funnel.contact);
  defaultValues.bankAccountType ||= DEFAULT_BANK_ACCOUNT_TYPE;
  const form = useZodForm(useStepSchema(step), { defaultValues });
  const confirmation = useChoiceConfirmation(step, form);
  const { routing, shell } = useRoutingSave(step, form, confirmation.guard);
  return (
    <StepShell step={step} form={form} {...shell}>
      <RoutingFields form={form} routing={routing} />
      <TextField {...fieldInput("bankAccount")} control={form.control} name="bankAccount" />
      <ChoiceGroup
        control={form.control}
        name="bankAccountType"
        label="Bank Account Type"
        options={BANK_ACCOUNT_TYPE_OPTIONS}
      />
      {confirmation.dialog}
    </StepShell>
  );
}
