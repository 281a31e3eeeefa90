import { Button } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { buyerListAnswer } from "#domain/contracts/console-buyers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { buyerColumns } from "./buyer-columns.tsx";
import { ChangeRequestsWaiting } from "./change-request-waiting.tsx";

export function meta() {
  return [{ title: consoleTitle("Buyers") }];
}

const AddBuyer = () => (
  <Button component={Link} to="/console/buyers/new">
    Add buyer
  </Button>
);

// Every buyer with how it stands and today's figures: volume, caps used, revenue, post acceptance, calls that got
// no answer, response times.
export default function BuyersRoute() {
  const { timeZone, can } = useConsole();
  const writer = can("buyers:write");
  const list = useConsoleData("/buyers", buyerListAnswer, { time_zone: timeZone });
  const columns = useMemo(buyerColumns, []);
  return (
    <>
      <PageHeader
        title="Buyers"
        description={`Every lender and lead buyer, how it stands now and today's figures (${timeZone}).`}
        actions={writer ? <AddBuyer /> : null}
      />
      <ChangeRequestsWaiting />
      <LoadState load={list} what="the buyers" rows={8} />
      {list.data ? (
        <DataTable
          caption={`Buyers, with today's figures (${timeZone})`}
          exportName="buyers"
          columns={columns}
          rows={list.data.buyers}
          columnChoice
          empty={
            <EmptyState
              title="No buyers yet"
              hint="A buyer comes from BUYERS_FILE or is added here; nothing is sold until one takes leads."
              action={writer ? <AddBuyer /> : undefined}
            />
          }
        />
      ) : null}
    </>
  );
}
