import { Switch } from "@mantine/core";
import { DatePickerInput, type DatePickerPreset, type DatesRangeValue } from "@mantine/dates";
import { useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { REPORT_PERIODS, type ReportPeriod } from "#domain/contracts/console-reports.ts";
import { useConsole } from "../console-session.tsx";
import {
  formatDays,
  matchPreset,
  periodQuery,
  presetRange,
  PRESET_LABELS,
  rangeOf,
  rangeProblem,
  readPeriod,
  todayIn,
  writePeriod,
  type DayRange,
} from "./report-period.ts";

// A report screen's period, kept in its address (report-period.ts): one range picker with the named periods as
// presets, computed in the operator's zone, and the switch for the period before.

/** The period the address asks for, the query the server gets from it (in the session's zone), and its setters. */
export function useReportPeriod(fallback: ReportPeriod = "today") {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const choice = readPeriod(params, today, fallback);
  // The router hands an update the address of its last render, so a second change made before the first's
  // navigation commits (a preset, then the comparison at once) would undo the first. Until the address moves, each
  // change builds on the one written before it.
  const written = useRef<{ over: URLSearchParams; next: URLSearchParams } | null>(null);
  const change = (next: { range?: DayRange; compare?: boolean }) => {
    const base = written.current?.over === params ? written.current.next : params;
    const after = writePeriod(base, next, today);
    written.current = { over: params, next: after };
    setParams(after, { preventScrollReset: true });
  };
  return {
    choice,
    today,
    range: rangeOf(choice, today),
    query: periodQuery(choice, timeZone),
    setRange: (range: DayRange) => change({ range }),
    setCompare: (compare: boolean) => change({ compare }),
  };
}

export type ReportPeriodState = ReturnType<typeof useReportPeriod>;

export function PeriodPicker({ state }: { state: ReportPeriodState }) {
  const { range, today, setRange } = state;
  // A range half chosen (its first day clicked) lives here until its last day is, then goes to the address.
  const [pending, setPending] = useState<DatesRangeValue<string> | null>(null);
  const [problem, setProblem] = useState<string>();
  const presets = useMemo<DatePickerPreset<"range">[]>(
    () =>
      REPORT_PERIODS.map((period) => {
        const days = presetRange(period, today);
        return { value: [days.from, days.to], label: PRESET_LABELS[period] };
      }),
    [today],
  );
  const value: DatesRangeValue<string> = pending ?? [range.from, range.to];
  return (
    <DatePickerInput
      type="range"
      label="Period"
      value={value}
      onChange={([from, to]) => {
        if (!from || !to) {
          setPending([from, to]);
          return;
        }
        setPending(null);
        const chosen = { from, to };
        const wrong = rangeProblem(chosen, today);
        setProblem(wrong);
        if (!wrong) setRange(chosen);
      }}
      onDropdownClose={() => setPending(null)}
      presets={presets}
      maxDate={today}
      allowSingleDateInRange
      // Weeks start on Sunday, as US operators read a calendar; weekends not in red (under AA on white).
      firstDayOfWeek={0}
      weekendDays={[]}
      error={problem}
      valueFormatter={({ date }) => {
        const [from, to] = Array.isArray(date) ? date : [];
        if (typeof from !== "string") return "";
        if (typeof to !== "string") return `${formatDays({ from, to: from })} –`;
        const preset = matchPreset({ from, to }, today);
        return preset ? `${PRESET_LABELS[preset]} (${formatDays({ from, to })})` : formatDays({ from, to });
      }}
      w="20rem"
    />
  );
}

export function CompareSwitch({ state }: { state: ReportPeriodState }) {
  // The address changes in a transition, after the press: until it does, the switch shows what was pressed, so it
  // never flicks back (and a second press in that moment reads the state shown, not the one before).
  const inAddress = state.choice.compare;
  const [shown, setShown] = useState(inAddress);
  const [lastAddress, setLastAddress] = useState(inAddress);
  if (lastAddress !== inAddress) {
    setLastAddress(inAddress);
    setShown(inAddress);
  }
  return (
    <Switch
      label="Compare with the period before"
      checked={shown}
      onChange={(event) => {
        const compare = event.currentTarget.checked;
        setShown(compare);
        state.setCompare(compare);
      }}
      mb="xs"
    />
  );
}
