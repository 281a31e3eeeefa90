import { REPORT_PERIODS, type ReportPeriod } from "#domain/contracts/console-reports.ts";

const PERIOD_LABELS: Record<ReportPeriod, string> = {
  today: "Today",
  yesterday: "Yesterday",
  "7d": "7 days",
  "30d": "30 days",
  this_month: "This month",
  last_month: "Last month",
};

/** Today, 7 or 30 days: a group of radio buttons, so arrow keys move between them. */
export function PeriodSwitch({ value, onChange }: { value: ReportPeriod; onChange: (period: ReportPeriod) => void }) {
  return (
    <fieldset className="report-period">
      <legend>Period</legend>
      {REPORT_PERIODS.map((period) => (
        <label key={period}>
          <input
            type="radio"
            name="report-period"
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
          />{" "}
          {PERIOD_LABELS[period]}
        </label>
      ))}
    </fieldset>
  );
}
