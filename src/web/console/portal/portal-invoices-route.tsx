import { Anchor, Button, Group, Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import { invoicesAnswer } from "#domain/contracts/console-invoices.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { InvoiceTable, INVOICES_PAGE, type InvoiceFileHref } from "../money/invoice-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";

export function meta() {
  return [{ title: consoleTitle("Invoices") }];
}

const portalInvoiceHref: InvoiceFileHref = (number, format) => `/api/console/portal/invoices/${number}/${format}`;

// The buyer's own invoices (docs/product/buyer-money.md#invoices), newest first, a page at a time (?before= in the
// address), each as PDF and CSV from the portal's own routes, which serve the signed-in buyer's invoices only.
export default function PortalInvoicesRoute() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const before = Number(params.get("before")) || undefined;
  const list = useConsoleData("/portal/invoices", invoicesAnswer, { before, limit: INVOICES_PAGE });
  // Another page's list is not shown under this one's caption while this one is on its way.
  const invoices = list.state === "loading" ? undefined : list.data?.invoices;
  const last = invoices?.at(-1);
  const more = last !== undefined && invoices?.length === INVOICES_PAGE;
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Your invoices, one per period in which you bought, returned or paid, newest first, as PDF and CSV."
      />
      <Text size="sm">
        The period so far, not closed yet:{" "}
        <Anchor href="/api/console/portal/invoices/draft/pdf" download>
          draft as PDF
        </Anchor>
        {" · "}
        <Anchor href="/api/console/portal/invoices/draft/csv" download>
          draft as CSV
        </Anchor>
      </Text>
      <LoadState load={list} what="your invoices" rows={6} showing={invoices !== undefined} />
      {invoices ? (
        <>
          <InvoiceTable
            caption={before ? "Older invoices, newest first" : "Your invoices, newest first"}
            invoices={invoices}
            href={portalInvoiceHref}
            timeZone={timeZone}
            empty={
              <EmptyState
                title={before ? "No older invoices." : "No invoice yet."}
                hint="An invoice closes shortly after each period in which you bought, returned or paid, and is e-mailed to your billing address."
              />
            }
          />
          {before || more ? (
            <Group component="nav" aria-label="Pages of invoices" gap="sm">
              {before ? (
                <Button variant="default" onClick={() => setParams({})}>
                  Newest invoices
                </Button>
              ) : null}
              {more ? (
                <Button variant="default" onClick={() => setParams({ before: String(last.number) })}>
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
