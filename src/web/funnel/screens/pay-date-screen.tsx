import { useState } from "react";
import { bankHolidayOn } from "#domain/bank-holidays.ts";
import { addDays, localToday, toIsoDate } from "#domain/calendar-date.ts";
import { isAllowedNextPayDate, PAY_DATE_WINDOW_DAYS } from "#domain/pay-dates.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { PayDateCalendar } from "../fields/pay-date-calendar.tsx";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import type { ScreenProps } from "../screen-props.ts";

const FIELD = "incomeNextDate1";

// Next pay date (docs/product/screens-and-routes.md, /nextpaydate and /nextpaydatesort): a calendar of today through
// 30 days ahead with weekends and bank holidays disabled (docs/product/settled-readings.md#5-next-pay-date-window,
// docs/decisions/0032-bank-holidays.md), a holiday named in its day's words. A saved date
// prefills it only while still inside the window: a returning visitor's old pay date has passed. The value
// stays YYYY-MM-DD; the row's body computes the second pay date from the saved pay frequency when the step is sent
// (formToStepBody, docs/product/behaviour.md).
export function PayDateScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const [today] = useState(() => localToday(new Date()));
  const defaultValues = defaultValuesFor(step, funnel.contact);
  const saved = defaultValues[FIELD];
  if (saved && !isAllowedNextPayDate(saved, today)) defaultValues[FIELD] = "";
  const form = useZodForm(useStepSchema(step), { defaultValues });
  const save = useSaveStep(step);
  return (
    <StepShell step={step} form={form} onValid={save}>
      <PayDateCalendar
        control={form.control}
        name={FIELD}
        label={fieldInput(FIELD).label}
        first={toIsoDate(today)}
        last={toIsoDate(addDays(today, PAY_DATE_WINDOW_DAYS))}
        isSelectable={(date) => isAllowedNextPayDate(date, today)}
        dayNote={bankHolidayOn}
      />
    </StepShell>
  );
}
