import { useMemo } from "react";
import type { ReturnRate } from "#domain/contracts/console-returns.ts";
import { formatRate } from "../reports/report-format.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";

type RateLine = { id: string; byMonth: Map<string, ReturnRate> };

const rateText = (row: ReturnRate | undefined) =>
  row ? `${formatRate(row.rate)} (${row.returned} of ${row.sold})` : "–";

// Return rates of this month and the last (approved returns over leads sold, both from the ledger): per buyer, or per
// publisher over the leads whose payout was its.
export function ReturnRates(props: { caption: string; party: string; months: string[]; rows: ReturnRate[] }) {
  const lines = useMemo<RateLine[]>(() => {
    const byId = new Map<string, RateLine>();
    for (const row of props.rows) {
      const line = byId.get(row.id) ?? { id: row.id, byMonth: new Map() };
      line.byMonth.set(row.month, row);
      byId.set(row.id, line);
    }
    return [...byId.values()];
  }, [props.rows]);
  const columns = useMemo<ColumnDef<RateLine, unknown>[]>(
    () => [
      { header: props.party, accessorKey: "id" },
      ...props.months.map((month): ColumnDef<RateLine, unknown> => ({
        id: month,
        header: month,
        accessorFn: (line) => line.byMonth.get(month)?.rate ?? -1,
        cell: ({ row }) => rateText(row.original.byMonth.get(month)),
        meta: { numeric: true, csv: (line) => line.byMonth.get(month)?.rate ?? null },
      })),
    ],
    [props.party, props.months],
  );
  return (
    <DataTable
      caption={props.caption}
      exportName="return-rates"
      columns={columns}
      rows={lines}
      empty={<EmptyState title="No sales in these months." hint="A rate shows once a lead is sold." />}
    />
  );
}
