import { useMemo } from "react";
import type { ScreeningReport } from "#domain/contracts/console-screening.ts";
import { countColumn, ratioColumn } from "../publishers/figure-columns.ts";
import { formatRate } from "../reports/report-format.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";

type ReasonRow = ScreeningReport["by_reason"][number];
type SourceRow = ScreeningReport["by_source"][number];

// What the gate refused in the period (docs/product/screening.md#refusals): by the reason code of the rule that
// refused, and by where the leads came from, so the source that sends junk stands out.

export function RefusedByReason({ report, fileName }: { report: ScreeningReport; fileName: string }) {
  const columns = useMemo<ColumnDef<ReasonRow, unknown>[]>(
    () => [
      { id: "reason", header: "Reason", accessorKey: "reason", footer: "Total" },
      countColumn("leads", "Leads", (r) => r.n),
      {
        id: "share",
        header: "Share of refusals",
        accessorFn: (r) => r.n,
        cell: ({ row }) => formatRate(report.refused ? row.original.n / report.refused : null),
        footer: formatRate(report.refused ? 1 : null),
        meta: { numeric: true, csv: (r) => (report.refused ? r.n / report.refused : null) },
      },
    ],
    [report.refused],
  );
  return (
    <DataTable
      caption="Refused by reason"
      exportName={`${fileName}-reasons`}
      columns={columns}
      rows={report.by_reason}
      initialSorting={[{ id: "leads", desc: true }]}
      empty={
        <EmptyState
          title="No lead was refused in this period."
          hint="Every lead checked went on to the buyers. The rules below say which answers refuse a lead."
        />
      }
    />
  );
}

export function RefusedBySource({ report, fileName }: { report: ScreeningReport; fileName: string }) {
  const columns = useMemo<ColumnDef<SourceRow, unknown>[]>(
    () => [
      { id: "source", header: "Source", accessorKey: "source", footer: "Total" },
      { id: "publisher", header: "Publisher", accessorKey: "publisher" },
      countColumn("checked", "Checked", (r) => r.checked),
      countColumn("refused", "Refused", (r) => r.refused),
      ratioColumn("rate", "Refusal rate", {
        value: (r) => (r.checked ? r.refused / r.checked : null),
        parts: (r) => [r.refused, r.checked],
        format: formatRate,
        csv: (rate) => rate,
      }),
      {
        id: "top_reason",
        header: "Top reason",
        accessorFn: (r) => r.top_reason ?? "",
        cell: ({ row }) => row.original.top_reason ?? "–",
        // The reason refusing most leads over every source: the first of the reasons, the server's order.
        footer: report.by_reason[0]?.reason ?? "–",
      },
    ],
    [report.by_reason],
  );
  return (
    <DataTable
      caption="By source and publisher"
      exportName={`${fileName}-sources`}
      columns={columns}
      rows={report.by_source}
      empty="No lead was checked in this period."
    />
  );
}
