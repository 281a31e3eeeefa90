import { useMemo, useState } from "react";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { myTrafficAnswer, type FiguresRow, type PublisherFiguresData } from "#domain/contracts/console-publishers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatCents } from "../reports/report-format.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { LoadState } from "../load-state.tsx";
import { TrackingLink } from "./tracking-link.tsx";
import { monthIn } from "../time.ts";
import { useConsoleData } from "../use-console-data.ts";
import publishersStylesheet from "./publishers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: publishersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("My traffic") }];
}

const money = (key: keyof PublisherFiguresData, header: string): ColumnDef<FiguresRow, unknown> => ({
  id: key,
  header,
  accessorFn: (r) => r[key],
  cell: ({ row }) => formatCents(row.original[key]),
});

const columnsFor = (first: string): ColumnDef<FiguresRow, unknown>[] => [
  { header: first, accessorFn: (r) => r.key || "(none)" },
  { header: "Clicks", accessorKey: "clicks" },
  { header: "Completed", accessorKey: "completed" },
  { header: "Sold", accessorKey: "sold" },
  money("earned_cents", "Payout earned"),
  money("pending_cents", "On hold"),
  money("final_cents", "Final"),
  money("reversed_cents", "Reversed"),
  { header: "Returns", accessorKey: "returns" },
];

// A publisher's own figures for a month (docs/product/partners.md#a-publishers-own-view): the server answers for
// the publisher the account is bound to, whatever the page asks. The month and its days are the time zone's the
// header shows.
export default function MyTrafficRoute() {
  const { timeZone } = useConsole();
  const [month, setMonth] = useState(() => monthIn(timeZone));
  const traffic = useConsoleData("/my-traffic", myTrafficAnswer, { month, tz: timeZone });
  const byDay = useMemo(() => columnsFor("Day"), []);
  const bySub = useMemo(() => columnsFor(SUB_ID_LABELS.aff_sub1), []);
  const csv = new URLSearchParams({ month, tz: timeZone });
  const data = traffic.data;
  return (
    <>
      <h1>My traffic{data ? `: ${data.publisher.name}` : ""}</h1>
      <form className="console-form" onSubmit={(event) => event.preventDefault()}>
        <div className="form-field">
          <label htmlFor="traffic-month">Month ({timeZone})</label>
          <input
            id="traffic-month"
            type="month"
            value={month}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
          />
        </div>
      </form>
      <p>
        <a className="console-button" href={`/api/console/my-traffic.csv?${csv}`} download>
          Download CSV
        </a>
      </p>
      <LoadState load={traffic} what={`your traffic for ${month}`} />
      {data ? (
        <>
          <dl className="publisher-facts">
            <dt>Your tracking link</dt>
            <dd>
              <TrackingLink link={data.tracking_link} />
            </dd>
            <dt>Clicks</dt>
            <dd>{data.totals.clicks}</dd>
            <dt>Completed</dt>
            <dd>{data.totals.completed}</dd>
            <dt>Sold</dt>
            <dd>{data.totals.sold}</dd>
            <dt>Payout earned</dt>
            <dd>
              {formatCents(data.totals.earned_cents)} ({formatCents(data.totals.pending_cents)} on hold)
            </dd>
            <dt>Made final</dt>
            <dd>{formatCents(data.totals.final_cents)}</dd>
            <dt>Reversed by returns</dt>
            <dd>
              {formatCents(data.totals.reversed_cents)} ({data.totals.returns} returns)
            </dd>
          </dl>
          <DataTable caption={`By day, ${data.month}`} columns={byDay} rows={data.by_day} empty="Nothing this month." />
          <DataTable
            caption={`By ${SUB_ID_LABELS.aff_sub1.toLowerCase()}, ${data.month}`}
            columns={bySub}
            rows={data.by_sub1}
            empty="Nothing this month."
          />
        </>
      ) : null}
    </>
  );
}
