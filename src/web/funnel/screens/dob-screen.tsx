import { useEffect, useState } from "react";
import { localToday } from "#domain/calendar-date.ts";
import { birthYears, MONTH_OPTIONS } from "#domain/options.ts";
import { dobDayOptions } from "#domain/schemas/dob-form.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import type { ScreenProps } from "../screen-props.ts";

/** The saved birth date is answered only as a mask, so the selects start empty. */
const EMPTY: Record<string, string> = { month: "", day: "", year: "" };

// Date of birth (docs/product/behaviour.md and docs/product/validation.md): month, day and year selects, sent as one
// YYYY-MM-DD. The day select waits for a month and the year select for a day; the day count follows the month.
export function DobScreen({ step }: ScreenProps) {
  const form = useZodForm(useStepSchema(step), { defaultValues: EMPTY });
  // The server names the birth date "dob"; its messages belong under the year, the select deciding age.
  const save = useSaveStep(step, { formFieldOf: (field) => (field === "dob" ? "year" : field) });
  const { watch, getValues, setValue, control } = form;
  const month = watch("month") ?? "";
  const day = watch("day") ?? "";
  const [years] = useState(() =>
    birthYears(localToday(new Date())).map((y) => ({ value: String(y), label: String(y) })),
  );

  // A day the newly chosen month does not have (31 after February) is cleared rather than kept hidden.
  useEffect(() => {
    const chosen = getValues("day");
    if (chosen && !dobDayOptions(month).some((d) => d.value === chosen)) setValue("day", "");
  }, [month, getValues, setValue]);

  return (
    <StepShell step={step} form={form} onValid={save}>
      <div className="dob-selects">
        <SelectField
          control={control}
          name="month"
          className="dob-selects__month"
          label="Month"
          autoComplete="bday-month"
          options={MONTH_OPTIONS}
          placeholder="Month"
        />
        <SelectField
          control={control}
          name="day"
          label="Day"
          autoComplete="bday-day"
          disabled={!month}
          options={dobDayOptions(month)}
          placeholder="Day"
        />
        <SelectField
          control={control}
          name="year"
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
