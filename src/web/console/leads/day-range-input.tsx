import { DatePickerInput, type DatePickerPreset } from "@mantine/dates";
import dayjs from "dayjs";
import type { CSSProperties } from "react";

// A period of whole days for a filter (the leads search, the audit log): Mantine's range picker with the usual
// presets, as YYYY-MM-DD days, the form both APIs take (a day is its whole UTC day there). A range is applied once
// both ends are picked, or both cleared, so half a range never reaches the address.

const DAY = "YYYY-MM-DD";

function presets(): DatePickerPreset<"range">[] {
  const today = dayjs();
  return [
    { label: "Today", value: [today.format(DAY), today.format(DAY)] },
    { label: "Last 7 days", value: [today.subtract(6, "day").format(DAY), today.format(DAY)] },
    { label: "Last 30 days", value: [today.subtract(29, "day").format(DAY), today.format(DAY)] },
    { label: "This month", value: [today.startOf("month").format(DAY), today.format(DAY)] },
  ];
}

/** A day (YYYY-MM-DD) the range shows; anything else (a Today figure's instant) is not one. */
export const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export function DayRangeInput({
  label,
  description,
  from,
  to,
  onChange,
  style,
}: {
  label: string;
  description?: string;
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
  style?: CSSProperties;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      description={description}
      placeholder="Any day"
      value={[dayOf(from), dayOf(to)]}
      onChange={([start, end]) => {
        if ((start && end) || (!start && !end)) onChange(start, end);
      }}
      presets={presets()}
      valueFormat="MMM D, YYYY"
      clearable
      allowSingleDateInRange
      style={style}
    />
  );
}
