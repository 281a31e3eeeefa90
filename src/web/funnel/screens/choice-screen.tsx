import { useId } from "react";
import { choiceOptions } from "#domain/steps/step-table.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { ChoiceGroup } from "../fields/choice-group.tsx";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell, subtitleIdOf } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useChoiceConfirmation } from "../use-choice-confirmation.tsx";
import { useSaveStep } from "../use-save-step.ts";
import type { ScreenProps } from "../screen-props.ts";

// The generic single-choice screen (docs/product/screens-and-routes.md): the row's options as radio-style buttons,
// named by the screen's title, with the saved answer or the row's default chosen. A row with confirmChoice
// (the bank account type) asks about that answer in a pop-up before sending it.
export function ChoiceScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const headingId = useId();
  const [field] = step.fields;
  if (!field) throw new Error(`${step.slug} asks no field`);
  const form = useZodForm(useStepSchema(step), { defaultValues: defaultValuesFor(step, funnel.contact) });
  const confirmation = useChoiceConfirmation(step, form);
  const save = confirmation.guard(useSaveStep(step));
  return (
    <StepShell step={step} form={form} onValid={save} headingId={headingId}>
      <ChoiceGroup
        control={form.control}
        name={field}
        options={choiceOptions(step)}
        labelledBy={headingId}
        describedBy={subtitleIdOf(headingId)}
      />
      {confirmation.dialog}
    </StepShell>
  );
}
