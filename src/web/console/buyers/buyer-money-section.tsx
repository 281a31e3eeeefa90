import { Anchor, Box, Divider, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { Link } from "react-router";
import { buyerAccountAnswer, type BuyerAccount, type BuyerPayment } from "#domain/contracts/buyer-payments.ts";
import { invoicesAnswer } from "#domain/contracts/console-invoices.ts";
import { formatCents } from "#domain/money.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { consoleInvoiceHref, InvoiceTable } from "../money/invoice-table.tsx";
import { TopUpForm } from "../money/top-up-form.tsx";
import { todayIn } from "../reports/report-period.ts";
import { formatDateTime } from "../time.ts";
import { CopyText } from "../ui/copy-text.tsx";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { BILLING_LABELS } from "./buyer-labels.ts";
import { BuyerMoneyPaymentForm } from "./buyer-money-payment-form.tsx";

/** The buyer's latest invoices on its page; the Invoices page has the rest. */
const INVOICES_SHOWN = 12;

const SOURCE_LABELS: Record<BuyerPayment["source"], string> = { operator: "Recorded", stripe: "Stripe top-up" };

function paymentColumns(timeZone: string): ColumnDef<BuyerPayment, unknown>[] {
  return [
    { id: "paid_on", header: "Day paid", accessorKey: "paid_on" },
    {
      id: "amount",
      header: "Amount",
      accessorKey: "amount_cents",
      cell: ({ row }) => formatCents(row.original.amount_cents),
      meta: { numeric: true },
    },
    { id: "reference", header: "Reference", accessorKey: "reference" },
    {
      id: "source",
      header: "How",
      accessorFn: (p) => (p.recorded_by ? `${SOURCE_LABELS[p.source]} by ${p.recorded_by}` : SOURCE_LABELS[p.source]),
    },
    {
      id: "created_at",
      header: "Recorded at",
      accessorKey: "created_at",
      cell: ({ row }) => formatDateTime(row.original.created_at, timeZone),
    },
  ];
}

/** The account's sums, as the server keeps them for the auction's gate (docs/product/buyer-money.md#room). */
function AccountFacts({ account, timeZone }: { account: BuyerAccount; timeZone: string }) {
  return (
    <Box component="dl" className="console-facts" m={0}>
      <dt>Billing</dt>
      <dd>{BILLING_LABELS[account.billing]}</dd>
      <dt>Room</dt>
      <dd>{account.room_cents === null ? "No limit (unbilled)" : formatCents(account.room_cents)}</dd>
      <dt>Paid and refunded</dt>
      <dd>{formatCents(account.credited_cents)}</dd>
      <dt>Charged for sales</dt>
      <dd>{formatCents(account.charged_cents)}</dd>
      <dt>Held for posts in flight</dt>
      <dd>{formatCents(account.held_cents)}</dd>
      <dt>Low-room alert</dt>
      <dd>
        {account.low_room_alerted_at
          ? `Sent ${formatDateTime(account.low_room_alerted_at, timeZone)}; cleared by a payment that restores its room`
          : "Not sent"}
      </dd>
    </Box>
  );
}

// A buyer's money on its page (docs/product/buyer-money.md#payments), for partners:read: its account, its payments and
// its invoices; partners:write also records a payment and, when a payment provider is configured, makes a top-up page
// to send the buyer. What a change did is said in one status line; the account and the buyer's header are read again.
export function BuyerMoneySection({ buyerId, onChanged }: { buyerId: string; onChanged: () => void }) {
  const { can, timeZone } = useConsole();
  const writer = can("partners:write");
  const titleId = useId();
  const path = `/buyers/${encodeURIComponent(buyerId)}`;
  const account = useConsoleData(`${path}/account`, buyerAccountAnswer);
  const invoices = useConsoleData("/invoices", invoicesAnswer, { buyer: buyerId, limit: INVOICES_SHOWN });
  const [status, setStatus] = useState("");
  const [topUpUrl, setTopUpUrl] = useState<string>();
  const data = account.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId} mb="sm">
        Money
      </Title>
      <Text role="status" size="sm" mb="sm">
        {status}
      </Text>
      <LoadState load={account} what="the buyer's account" rows={6} />
      {data ? (
        <Stack gap="lg">
          <AccountFacts account={data.account} timeZone={timeZone} />
          {writer ? (
            <>
              <Divider />
              <BuyerMoneyPaymentForm
                buyerId={buyerId}
                today={todayIn(timeZone)}
                onRecorded={(message) => {
                  setStatus(message);
                  account.reload();
                  onChanged();
                }}
              />
            </>
          ) : null}
          {writer && data.top_up_offered ? (
            <>
              <Divider />
              <TopUpForm
                path={`${path}/top-up`}
                title="Top-up link"
                titleOrder={3}
                description="A Stripe payment page for the amount, to send the buyer. The payment is recorded once it is paid."
                submitLabel="Make a top-up link"
                onMade={({ url, message }) => {
                  setStatus(message);
                  setTopUpUrl(url);
                }}
              />
              {topUpUrl ? (
                <Text size="sm" component="div">
                  Top-up page: <CopyText label="the top-up link" value={topUpUrl} />
                </Text>
              ) : null}
            </>
          ) : null}
          <div>
            <Title order={3} size="h4">
              Payments
            </Title>
            <DataTable
              caption="Payments, newest first"
              columns={paymentColumns(timeZone)}
              rows={data.payments}
              pageSize={25}
              empty={<EmptyState title="No payment yet." />}
            />
            {data.more ? (
              <Text size="sm" c="dimmed">
                The latest {data.payments.length} payments are shown.
              </Text>
            ) : null}
          </div>
        </Stack>
      ) : null}
      <Title order={3} size="h4" mt="lg">
        Invoices
      </Title>
      <LoadState load={invoices} what="the buyer's invoices" />
      {invoices.data ? (
        <>
          <InvoiceTable
            caption="Invoices, newest first"
            invoices={invoices.data.invoices}
            href={consoleInvoiceHref}
            timeZone={timeZone}
            empty={
              <EmptyState title="No invoice yet." hint="Its first invoice closes after its first billed period." />
            }
          />
          <Anchor component={Link} to={`/console/invoices?buyer=${encodeURIComponent(buyerId)}`} size="sm">
            All its invoices
          </Anchor>
        </>
      ) : null}
    </Paper>
  );
}
