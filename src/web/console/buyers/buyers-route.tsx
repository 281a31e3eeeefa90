import { useMemo } from "react";
import { Link } from "react-router";
import { buyerListAnswer } from "#domain/contracts/console-buyers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { buyerColumns } from "./buyer-columns.tsx";

export function meta() {
  return [{ title: consoleTitle("Buyers") }];
}

// Every buyer with how it stands and today's figures: volume, caps used, revenue, post acceptance, calls that got
// no answer, response times.
export default function BuyersRoute() {
  const { timeZone, can } = useConsole();
  const list = useConsoleData("/buyers", buyerListAnswer, { time_zone: timeZone });
  const columns = useMemo(buyerColumns, []);
  return (
    <>
      <h1>Buyers</h1>
      {can("buyers:write") ? (
        <p className="console-actions">
          <Link className="console-button console-button--primary" to="/console/buyers/new">
            Add a buyer
          </Link>
        </p>
      ) : null}
      <LoadState load={list} what="the buyers" />
      {list.data ? (
        <DataTable
          caption={`Buyers, with today's figures (${timeZone})`}
          columns={columns}
          rows={list.data.buyers}
          columnChoice
          empty="No buyers yet."
        />
      ) : null}
    </>
  );
}
