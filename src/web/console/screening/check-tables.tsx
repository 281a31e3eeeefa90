import type { ScreeningReport } from "#domain/contracts/console-screening.ts";
import { countColumn } from "../publishers/figure-columns.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { checkLabel, outcomeLabel, serviceLabel } from "./screening-labels.ts";

type AnswerRow = ScreeningReport["answers"][number];
type CallRow = ScreeningReport["calls"][number];

// What each check answered in the period, and what the outside services cost: their calls per UTC day and outcome
// (docs/product/screening.md#what-it-costs).

const ANSWER_COLUMNS: ColumnDef<AnswerRow, unknown>[] = [
  { id: "check", header: "Check", accessorFn: (r) => checkLabel(r.check) },
  { id: "answer", header: "Answer", accessorKey: "answer" },
  // No total: a lead answers every check, so a sum over checks counts each lead again.
  { id: "leads", header: "Leads", accessorKey: "n", meta: { numeric: true } },
];

export function AnswersTable({ report, fileName }: { report: ScreeningReport; fileName: string }) {
  return (
    <DataTable
      caption="Answers"
      exportName={`${fileName}-answers`}
      columns={ANSWER_COLUMNS}
      rows={report.answers}
      empty="No check answered in this period."
    />
  );
}

const CALL_COLUMNS: ColumnDef<CallRow, unknown>[] = [
  { id: "day", header: "Day (UTC)", accessorKey: "day", footer: "Total" },
  { id: "service", header: "Service", accessorFn: (r) => serviceLabel(r.adapter) },
  { id: "outcome", header: "Outcome", accessorFn: (r) => outcomeLabel(r.outcome) },
  countColumn("calls", "Calls", (r) => r.n),
];

export function OutsideCallsTable({ report, fileName }: { report: ScreeningReport; fileName: string }) {
  return (
    <DataTable
      caption="Outside calls"
      exportName={`${fileName}-calls`}
      columns={CALL_COLUMNS}
      rows={report.calls}
      empty={
        <EmptyState
          title="No outside call in this period."
          hint="The gate calls a service (Twilio Lookup, the MX check, a litigator scrub, TrustedForm, Jornaya) only once its setting is configured on the server; the offline checks cost nothing."
        />
      }
    />
  );
}
