import { Button, Group, NativeSelect } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { buyerListAnswer } from "#domain/contracts/console-buyers.ts";
import { invoicesAnswer } from "#domain/contracts/console-invoices.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { consoleInvoiceHref, InvoiceTable, INVOICES_PAGE } from "./invoice-table.tsx";

export function meta() {
  return [{ title: consoleTitle("Invoices") }];
}

type BuyerChoice = { value: string; label: string };

/** The buyers to filter by, named, for an operator who may read them; none while they load or when refused. */
function useBuyerChoices(): BuyerChoice[] {
  const { can, timeZone } = useConsole();
  const allowed = can("buyers:read");
  const [choices, setChoices] = useState<BuyerChoice[]>([]);
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    void consoleApi.get("/buyers", buyerListAnswer, { time_zone: timeZone }, controller.signal).then((res) => {
      if (!res.ok) return;
      const named = res.data.buyers.map((b) => ({ value: b.id, label: `${b.name} (${b.id})` }));
      setChoices(named.sort((a, b) => a.label.localeCompare(b.label)));
    });
    return () => controller.abort();
  }, [allowed, timeZone]);
  return choices;
}

// Every buyer's invoices, or one's (docs/product/buyer-money.md#invoices), newest first, a page at a time; the buyer
// and the page are in the address (?buyer=, ?before=), so a view can be shared and the buyer's page links here.
export default function InvoicesRoute() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const buyer = params.get("buyer") ?? "";
  const before = Number(params.get("before")) || undefined;
  const list = useConsoleData("/invoices", invoicesAnswer, { buyer, before, limit: INVOICES_PAGE });
  const choices = useBuyerChoices();
  const options = [
    { value: "", label: "All buyers" },
    ...(buyer && !choices.some((c) => c.value === buyer) ? [{ value: buyer, label: buyer }] : []),
    ...choices,
  ];
  // Another buyer's or page's list is not shown under this one's caption while this one is on its way.
  const invoices = list.state === "loading" ? undefined : list.data?.invoices;
  const last = invoices?.at(-1);
  const go = (next: { buyer?: string; before?: number }) =>
    setParams(() => {
      const search = new URLSearchParams();
      if (next.buyer) search.set("buyer", next.buyer);
      if (next.before) search.set("before", String(next.before));
      return search;
    });
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Each billed buyer's invoices, closed per period from the ledger, newest first, as PDF and CSV."
        actions={
          <NativeSelect
            label="Buyer"
            data={options}
            value={buyer}
            onChange={(event) => go({ buyer: event.currentTarget.value })}
          />
        }
      />
      <LoadState load={list} what="the invoices" rows={6} showing={invoices !== undefined} />
      {invoices ? (
        <>
          <InvoiceTable
            caption={buyer ? `Invoices of ${options.find((o) => o.value === buyer)?.label ?? buyer}` : "Invoices"}
            invoices={invoices}
            href={consoleInvoiceHref}
            timeZone={timeZone}
            withBuyer={!buyer}
            empty={
              <EmptyState
                title={before ? "No older invoices." : "No invoice yet."}
                hint="A billed buyer's invoice closes ten minutes after its period ends, when the period had a sale, a return or a payment."
              />
            }
          />
          {before || (last && invoices.length === INVOICES_PAGE) ? (
            <Group component="nav" aria-label="Pages of invoices" gap="sm">
              {before ? (
                <Button variant="default" onClick={() => go({ buyer })}>
                  Newest invoices
                </Button>
              ) : null}
              {last && invoices.length === INVOICES_PAGE ? (
                <Button variant="default" onClick={() => go({ buyer, before: last.number })}>
                  Older invoices
                </Button>
              ) : null}
            </Group>
          ) : null}
        </>
      ) : null}
    </>
  );
}
