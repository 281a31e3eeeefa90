import { useMemo } from "react";
import type { FunnelReport } from "#domain/contracts/console-reports.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { FunnelChart } from "./funnel-chart.tsx";
import { formatCount, formatRate, formatSeconds } from "./report-format.ts";

type Step = FunnelReport["steps"][number];

// The funnel for one answer: per step reached, saved, left and the median time, in the path's order.
export function FunnelView({ report }: { report: FunnelReport }) {
  const columns = useMemo<ColumnDef<Step, unknown>[]>(
    () => [
      { header: "Step", accessorKey: "path", enableSorting: false },
      { header: "Reached", accessorKey: "reached", cell: ({ getValue }) => formatCount(getValue() as number) },
      { header: "Saved", accessorKey: "saved", cell: ({ getValue }) => formatCount(getValue() as number) },
      { header: "Left", accessorKey: "left", cell: ({ getValue }) => formatCount(getValue() as number) },
      {
        header: "Left of reached",
        accessorFn: (s) => (s.reached === 0 ? -1 : s.left / s.reached),
        cell: ({ row }) => formatRate(row.original.reached === 0 ? null : row.original.left / row.original.reached),
      },
      {
        header: "Median time",
        accessorFn: (s) => s.median_seconds ?? -1,
        cell: ({ row }) => formatSeconds(row.original.median_seconds),
      },
    ],
    [],
  );
  return (
    <>
      <p>{formatCount(report.leads)} applications started in this period on this path.</p>
      <FunnelChart steps={report.steps} />
      <DataTable caption="Steps, in the path's order" columns={columns} rows={report.steps} pageSize={50} />
    </>
  );
}
