import { useMemo, useState } from "react";
import { returnRatesAnswer, returnsQueueAnswer, type ConsoleReturn } from "#domain/contracts/console-returns.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ReturnDecision } from "./return-decision.tsx";
import { ReturnEvidence } from "./return-evidence.tsx";
import { ReturnFileForm } from "./return-file-form.tsx";
import { REASON_LABELS } from "./return-labels.ts";
import { ReturnRates } from "./return-rates.tsx";
import returnsStylesheet from "./returns.css?url";

export function links() {
  return [{ rel: "stylesheet", href: returnsStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Returns") }];
}

const STATE_LABELS = { pending: "Pending", approved: "Approved", rejected: "Rejected" } as const;

// The returns queue (docs/product/partners.md#returns): pending first, each reason with the evidence the product
// holds beside it; an operator who may decide approves or rejects with a note, or files a return for a buyer. Below,
// the return rates per buyer and per publisher.
export default function ReturnsRoute() {
  const { timeZone, can } = useConsole();
  const queue = useConsoleData("/returns", returnsQueueAnswer);
  const rates = useConsoleData("/returns/rates", returnRatesAnswer);
  const [status, setStatus] = useState<string>();
  const mayDecide = can("returns:decide");
  const reloadQueue = queue.reload;
  const reloadRates = rates.reload;
  const columns = useMemo<ColumnDef<ConsoleReturn, unknown>[]>(() => {
    const decided = (message: string) => {
      setStatus(message);
      reloadQueue();
      reloadRates();
    };
    return [
      { header: "Lead", accessorKey: "lead_id" },
      { header: "Buyer", accessorKey: "buyer_id" },
      {
        header: "Reason",
        accessorKey: "reason",
        cell: ({ row }) => (
          <>
            {REASON_LABELS[row.original.reason]}
            {row.original.note ? <p>“{row.original.note}”</p> : null}
            <p>{row.original.source === "console" ? "Filed by an operator" : "Filed through the API"}</p>
          </>
        ),
      },
      {
        header: "Evidence",
        enableSorting: false,
        cell: ({ row }) => <ReturnEvidence evidence={row.original.evidence} timeZone={timeZone} />,
      },
      {
        header: "Requested",
        accessorKey: "requested_at",
        cell: ({ row }) => formatDateTime(row.original.requested_at, timeZone),
      },
      {
        header: "State",
        accessorKey: "state",
        cell: ({ row }) => {
          const r = row.original;
          if (r.state === "pending")
            return mayDecide ? (
              <ReturnDecision id={r.id} leadId={r.lead_id} onDecided={decided} />
            ) : (
              STATE_LABELS.pending
            );
          return (
            <>
              {STATE_LABELS[r.state]}
              {r.decided_at ? ` ${formatDateTime(r.decided_at, timeZone)}` : ""}
              {r.decided_by ? ` by ${r.decided_by}` : ""}
              {r.decision_note ? <p>“{r.decision_note}”</p> : null}
            </>
          );
        },
      },
    ];
  }, [timeZone, mayDecide, reloadQueue, reloadRates]);

  const pending = queue.data?.returns.filter((r) => r.state === "pending").length ?? 0;
  return (
    <>
      <h1>Returns</h1>
      <p role="status">{status ?? ""}</p>
      <LoadState load={queue} what="the returns" />
      {queue.data ? (
        <>
          <p>{pending === 0 ? "No return waits for a decision." : `${pending} pending, oldest first.`}</p>
          <DataTable
            caption="Returns, pending first"
            columns={columns}
            rows={queue.data.returns}
            empty="No returns yet."
          />
        </>
      ) : null}
      {mayDecide ? (
        <ReturnFileForm
          onFiled={(message) => {
            setStatus(message);
            reloadQueue();
          }}
        />
      ) : null}
      <h2>Return rates</h2>
      <LoadState load={rates} what="the return rates" />
      {rates.data ? (
        <div className="returns-rates">
          <ReturnRates
            caption="Return rate per buyer (approved returns over leads sold)"
            party="Buyer"
            months={rates.data.months}
            rows={rates.data.buyers}
          />
          <ReturnRates
            caption="Return rate per publisher (over the leads whose payout was its)"
            party="Publisher"
            months={rates.data.months}
            rows={rates.data.publishers}
          />
        </div>
      ) : null}
    </>
  );
}
