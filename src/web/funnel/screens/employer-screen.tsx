import { useWatch } from "react-hook-form";
import { suggest } from "#web/api/api.ts";
import { StepComboboxField } from "../fields/step-combobox-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import { nameLength, useSuggestions } from "../use-suggestions.ts";
import type { ScreenProps } from "../screen-props.ts";

// Employer information (docs/product/screens-and-routes.md): the employer's name and the job title, each offering
// completions as it is typed (docs/product/validation.md, Suggestions).
export function EmployerScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const stepForm = useStepForm(step, { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveStep(step, stepForm);
  const [employer, jobTitle] = useWatch({ control: stepForm.form.control, name: ["employerName", "jobTitle"] }) as [
    string,
    string,
  ];
  const employers = useSuggestions(employer ?? "", (text, signal) => suggest("employer", text, signal), nameLength);
  const jobTitles = useSuggestions(jobTitle ?? "", (text, signal) => suggest("job_title", text, signal), nameLength);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <StepComboboxField stepForm={stepForm} field="employerName" suggestions={employers} />
      <StepComboboxField stepForm={stepForm} field="jobTitle" suggestions={jobTitles} />
    </StepShell>
  );
}
