import { useWatch } from "react-hook-form";
import { suggest } from "#web/api/api.ts";
import { ComboboxField } from "#web/ui/forms/combobox-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import { nameLength, useSuggestions } from "../use-suggestions.ts";
import type { ScreenProps } from "../screen-props.ts";

// Employer information (docs/product/screens-and-routes.md): the employer's name and the job title, each offering
// completions as it is typed (docs/product/validation.md, Suggestions).
export function EmployerScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const form = useZodForm(useStepSchema(step), { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveStep(step);
  const [employer, jobTitle] = useWatch({ control: form.control, name: ["employerName", "jobTitle"] });
  const employers = useSuggestions(employer ?? "", (text, signal) => suggest("employer", text, signal), nameLength);
  const jobTitles = useSuggestions(jobTitle ?? "", (text, signal) => suggest("job_title", text, signal), nameLength);
  return (
    <StepShell step={step} form={form} onValid={save}>
      <ComboboxField
        {...fieldInput("employerName")}
        control={form.control}
        name="employerName"
        suggestions={employers}
      />
      <ComboboxField {...fieldInput("jobTitle")} control={form.control} name="jobTitle" suggestions={jobTitles} />
    </StepShell>
  );
}
