import { useState } from "react";
import { LOAN_AMOUNT_OPTIONS } from "#domain/options.ts";
import { readLoanReasonFromUrl } from "#web/session/email-link-arrival.ts";
import { StepSelectField } from "../fields/step-select-field.tsx";
import { useWatch } from "react-hook-form";
import { suggest } from "#web/api/api.ts";
import { StepComboboxField } from "../fields/step-combobox-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { savedValue } from "../prefill.ts";
import { useSaveLead } from "../save-lead.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepForm } from "../use-step-form.ts";
import { nameLength, useSuggestions } from "../use-suggestions.ts";
import type { ScreenProps } from "../screen-props.ts";

// Legal name (docs/product/screens-and-routes.md): first and last name, and the loan amount only when the loan reason
// came from the page address (an e-mail link), since such a visitor never chose an amount. Both names offer
// completions from the name lists as they are typed.
export function LegalNameScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const [amountShown] = useState(() => readLoanReasonFromUrl() !== undefined);
  const { contact, temporary } = funnel;
  const defaultValues: Record<string, string> = {
    firstName: savedValue(contact, "firstName") ?? temporary?.firstName ?? "",
    lastName: savedValue(contact, "lastName") ?? temporary?.lastName ?? "",
  };
  if (amountShown) defaultValues.amount = savedValue(contact, "amount") ?? String(temporary?.amount ?? "");
  const stepForm = useStepForm(step, { defaultValues, context: { amountShown } });
  const save = useSaveLead(step, stepForm);
  const [firstName, lastName] = useWatch({ control: stepForm.form.control, name: ["firstName", "lastName"] }) as [
    string,
    string,
  ];
  const firstNames = useSuggestions(firstName ?? "", (text, signal) => suggest("first_name", text, signal), nameLength);
  const lastNames = useSuggestions(lastName ?? "", (text, signal) => suggest("last_name", text, signal), nameLength);

  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepComboboxField stepForm={stepForm} field="firstName" suggestions={firstNames} />
      <StepComboboxField stepForm={stepForm} field="lastName" suggestions={lastNames} />
      {amountShown ? (
        <StepSelectField
          stepForm={stepForm}
          field="amount"
          label="Loan Amount"
          options={LOAN_AMOUNT_OPTIONS}
          placeholder="Select an amount"
        />
      ) : null}
    </StepShell>
  );
}
