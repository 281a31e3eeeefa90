import { Text } from "@mantine/core";
import { useMemo } from "react";
import type { FunnelReport } from "#domain/contracts/console-reports.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { FunnelChart } from "./funnel-chart.tsx";
import { formatCount, formatRate, formatSeconds } from "./report-format.ts";

type Step = FunnelReport["steps"][number];

// The funnel for one answer: per step reached, saved, left and the median time, in the path's order.
export function FunnelView({ report }: { report: FunnelReport }) {
  const columns = useMemo<ColumnDef<Step, unknown>[]>(
    () => [
      { header: "Step", accessorKey: "path", enableSorting: false },
      {
        header: "Reached",
        accessorKey: "reached",
        cell: ({ getValue }) => formatCount(getValue() as number),
        meta: { numeric: true },
      },
      {
        header: "Saved",
        accessorKey: "saved",
        cell: ({ getValue }) => formatCount(getValue() as number),
        meta: { numeric: true },
      },
      {
        header: "Left",
        accessorKey: "left",
        cell: ({ getValue }) => formatCount(getValue() as number),
        meta: { numeric: true },
      },
      {
        header: "Left of reached",
        accessorFn: (s) => (s.reached === 0 ? -1 : s.left / s.reached),
        cell: ({ row }) => formatRate(row.original.reached === 0 ? null : row.original.left / row.original.reached),
        meta: { numeric: true, csv: (s) => (s.reached === 0 ? null : s.left / s.reached) },
      },
      {
        header: "Median time",
        accessorFn: (s) => s.median_seconds ?? -1,
        cell: ({ row }) => formatSeconds(row.original.median_seconds),
        meta: { numeric: true, csv: (s) => s.median_seconds },
      },
    ],
    [],
  );
  if (report.leads === 0)
    return (
      <EmptyState
        title="No application started in this period on this path"
        hint="Pick a longer period, another path, or clear the device and source filters."
      />
    );
  return (
    <>
      <Text size="sm" mb="md">
        {formatCount(report.leads)} applications started in this period on this path.
      </Text>
      <FunnelChart steps={report.steps} />
      <DataTable
        caption="Steps, in the path's order"
        columns={columns}
        rows={report.steps}
        pageSize={50}
        exportName="funnel-steps"
      />
    </>
  );
}
