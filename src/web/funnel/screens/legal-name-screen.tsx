import { useState } from "react";
import { useWatch } from "react-hook-form";
import { LOAN_AMOUNT_OPTIONS } from "#domain/options.ts";
import { suggest } from "#web/api/api.ts";
import { readLoanReasonFromUrl } from "#web/session/email-link-arrival.ts";
import { ComboboxField } from "#web/ui/forms/combobox-field.tsx";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { savedValue } from "../prefill.ts";
import { useSaveLead } from "../save-lead.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
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
  const form = useZodForm(useStepSchema(step, { amountShown }), { defaultValues });
  const save = useSaveLead(step);
  const [firstName, lastName] = useWatch({ control: form.control, name: ["firstName", "lastName"] });
  const firstNames = useSuggestions(firstName ?? "", (text, signal) => suggest("first_name", text, signal), nameLength);
  const lastNames = useSuggestions(lastName ?? "", (text, signal) => suggest("last_name", text, signal), nameLength);

  return (
    <StepShell step={step} form={form} onValid={save}>
      <ComboboxField {...fieldInput("firstName")} control={form.control} name="firstName" suggestions={firstNames} />
      <ComboboxField {...fieldInput("lastName")} control={form.control} name="lastName" suggestions={lastNames} />
      {amountShown ? (
        <SelectField
          control={form.control}
          name="amount"
          label="Loan Amount"
          options={LOAN_AMOUNT_OPTIONS}
          placeholder="Select an amount"
          autoComplete="off"
        />
      ) : null}
    </StepShell>
  );
}
