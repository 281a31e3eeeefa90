import { useEffect, useState } from "react";
import { localToday } from "#domain/calendar-date.ts";
import { birthYears, MONTH_OPTIONS } from "#domain/options.ts";
import { dobDayOptions } from "#domain/schemas/dob-form.ts";
import { StepSelectField } from "../fields/step-select-field.tsx";
import { useFirstName } from "../funnel-state.tsx";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm } from "../use-step-form.ts";
import type { ScreenProps } from "../screen-props.ts";

// Date of birth (docs/product/behaviour.md and docs/product/validation.md): month, day and year selects, sent as one
// YYYY-MM-DD. The day select waits for a month and the year select for a day; the day count follows the month. The
// saved birth date is answered only as a mask, so the selects start empty.
export function DobScreen({ step }: ScreenProps) {
  const stepForm = useStepForm(step, { defaultValues: { month: "", day: "", year: "" } });
  // The server names the birth date "dob"; its messages belong under the year, the select deciding age.
  const save = useSaveStep(step, stepForm, { formFieldOf: (field) => (field === "dob" ? "year" : field) });
  const { watch, getValues, setValue } = stepForm.form;
  const month = (watch("month") as string | undefined) ?? "";
  const day = (watch("day") as string | undefined) ?? "";
  const [years] = useState(() =>
    birthYears(localToday(new Date())).map((y) => ({ value: String(y), label: String(y) })),
  );

  // A day the newly chosen month does not have (31 after February) is cleared rather than kept hidden.
  useEffect(() => {
    const chosen = getValues("day") as string;
    if (chosen && !dobDayOptions(month).some((d) => d.value === chosen)) setValue("day", "");
  }, [month, getValues, setValue]);

  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={() => stepForm.submit(save)}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <div className="dob-selects">
        <StepSelectField
          stepForm={stepForm}
          field="month"
          className="dob-selects__month"
          label="Month"
          autoComplete="bday-month"
          options={MONTH_OPTIONS}
          placeholder="Month"
        />
        <StepSelectField
          stepForm={stepForm}
          field="day"
          label="Day"
          autoComplete="bday-day"
          disabled={!month}
          options={dobDayOptions(month)}
          placeholder="Day"
        />
        <StepSelectField
          stepForm={stepForm}
          field="year"
          label="Year"
          autoComplete="bday-year"
          disabled={!day}
          options={years}
          placeholder="Year"
        />
      </div>
    </StepShell>
  );
}
