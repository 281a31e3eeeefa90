import { useMemo } from "react";
import type {
  BuyerStatementTotals,
  ConsoleStatement,
  PublisherStatementTotals,
  StatementHead as SignedHead,
  StatementMonthState,
} from "#domain/contracts/console-statements.ts";
import { LoadState } from "../load-state.tsx";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import type { ConsoleData } from "../use-console-data.ts";
import { formatCents } from "../reports/report-format.ts";

// A month's statements (docs/product/partners.md#statements): whether the month is closed, a table per kind with
// its CSV, and a print button; the page prints as the statement alone (statements.css). A closed month shows, and
// prints, the ledger's signed head at its close, so the partner holding the statement holds the head
// (docs/product/partners.md#signed-heads).

type Buyer = Extract<ConsoleStatement, { partner_kind: "buyer" }>;
type Publisher = Extract<ConsoleStatement, { partner_kind: "publisher" }>;

export type StatementsData = {
  month: string;
  state: StatementMonthState;
  closed_at: string | null;
  head: SignedHead | null;
  statements: ConsoleStatement[];
};

/** What the month's state says to the operator; a month with no statement shows no table and no CSV. */
function stateText(data: StatementsData): string {
  const name = monthName(data.month);
  switch (data.state) {
    case "not_started":
      return `Not started: ${name} has not begun, so there is nothing to show yet.`;
    case "open":
      return "Open: the month has not ended, and these figures grow until it does.";
    case "no_activity":
      return `No activity: no lead was sold or returned and no payout was earned, reversed or made final in ${name}, so it has no statement.`;
    case "closed":
      return `Closed${data.closed_at ? ` on ${new Date(data.closed_at).toISOString().slice(0, 10)}` : ""}: these statements never change. A later return goes on the next month.`;
  }
}

const hasStatements = (state: StatementMonthState) => state === "open" || state === "closed";

/** Every row on one page: a statement is read, and printed, whole. */
const ALL_ROWS = 10_000;

const money = <T,>(header: string, key: keyof T & string): ColumnDef<{ totals: T }, unknown> => ({
  id: key,
  header,
  accessorFn: (r) => r.totals[key],
  cell: ({ row }) => formatCents(row.original.totals[key] as number),
});
const count = <T,>(header: string, key: keyof T & string): ColumnDef<{ totals: T }, unknown> => ({
  id: key,
  header,
  accessorFn: (r) => r.totals[key],
});
const partner = <R extends ConsoleStatement>(): ColumnDef<R, unknown>[] => [
  { header: "Name", accessorKey: "name" },
  { header: "Id", accessorKey: "partner_id" },
];

const csvAddress = (month: string, kind: "buyer" | "publisher") =>
  `/api/console/statements.csv?month=${encodeURIComponent(month)}&kind=${kind}`;

function monthName(month: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

export function StatementsView(props: {
  month: string;
  /** The month's statements; undefined while they are on their way (another month's are never shown). */
  data: StatementsData | undefined;
  load: ConsoleData<unknown>;
  onMonth: (month: string) => void;
}) {
  const { data, month } = props;
  const buyerColumns = useMemo(
    () =>
      [
        ...partner<Buyer>(),
        count<BuyerStatementTotals>("Leads sold", "leads_sold"),
        money<BuyerStatementTotals>("Sold", "sold_cents"),
        count<BuyerStatementTotals>("Returns", "returns"),
        money<BuyerStatementTotals>("Returned", "returned_cents"),
        money<BuyerStatementTotals>("Net", "net_cents"),
      ] as ColumnDef<Buyer, unknown>[],
    [],
  );
  const publisherColumns = useMemo(
    () =>
      [
        ...partner<Publisher>(),
        count<PublisherStatementTotals>("Payouts earned", "payouts_earned"),
        money<PublisherStatementTotals>("Earned", "earned_cents"),
        count<PublisherStatementTotals>("Reversed", "payouts_reversed"),
        money<PublisherStatementTotals>("Reversed amount", "reversed_cents"),
        count<PublisherStatementTotals>("Made final", "payouts_final"),
        money<PublisherStatementTotals>("Final amount", "final_cents"),
        money<PublisherStatementTotals>("Net", "net_cents"),
      ] as ColumnDef<Publisher, unknown>[],
    [],
  );
  const buyers = (data?.statements ?? []).filter((s): s is Buyer => s.partner_kind === "buyer");
  const publishers = (data?.statements ?? []).filter((s): s is Publisher => s.partner_kind === "publisher");
  return (
    <div className="statements">
      <h1>Statements, {monthName(month)}</h1>
      <div className="statements-controls">
        <label>
          Month{" "}
          <input
            type="month"
            value={month}
            max="9999-12"
            onChange={(event) => {
              if (/^\d{4}-\d{2}$/.test(event.target.value)) props.onMonth(event.target.value);
            }}
          />
        </label>
        <button type="button" className="console-button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <LoadState load={props.load} what={`the statements of ${monthName(month)}`} showing={data !== undefined} />
      {data === undefined ? null : (
        <>
          <p className="statements-state">{stateText(data)}</p>
          {data.head ? (
            <p className="statements-head">
              Ledger head at the close: row {data.head.head.seq}, hash <code>{data.head.head.hash}</code>, issued{" "}
              {data.head.head.issued_at}, signed with key {data.head.key_id}: <code>{data.head.signature}</code>
            </p>
          ) : null}
        </>
      )}
      {data !== undefined && hasStatements(data.state) ? (
        <>
          <h2>Buyers</h2>
          <p className="statements-csv">
            <a href={csvAddress(data.month, "buyer")} download>
              Download the buyers' statements (CSV)
            </a>
          </p>
          <DataTable
            caption={`Buyers' statements, ${monthName(data.month)}`}
            columns={buyerColumns}
            rows={buyers}
            pageSize={ALL_ROWS}
            empty="No buyer bought or returned a lead this month."
          />
          <h2>Publishers</h2>
          <p className="statements-csv">
            <a href={csvAddress(data.month, "publisher")} download>
              Download the publishers' statements (CSV)
            </a>
          </p>
          <DataTable
            caption={`Publishers' statements, ${monthName(data.month)}`}
            columns={publisherColumns}
            rows={publishers}
            pageSize={ALL_ROWS}
            empty="No publisher earned a payout this month."
          />
        </>
      ) : null}
    </div>
  );
}
