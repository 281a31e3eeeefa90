import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { formatCents } from "#domain/money.ts";
import {
  MOST_MOVEMENTS,
  portalAccountAnswer,
  type Movement,
  type PortalAccount,
} from "#domain/contracts/portal-money.ts";
import { BILLING_LABELS } from "../buyers/buyer-labels.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { TopUpForm } from "../money/top-up-form.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";

export function meta() {
  return [{ title: consoleTitle("Balance") }];
}

const KIND_LABELS: Record<Movement["kind"], string> = {
  sold: "Lead bought",
  returned: "Return approved",
  payment: "Payment",
};

/** "+$150.00" for what adds to the balance, "-$25.00" for what takes from it. */
const signedCents = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/** A payment's reference and day, or the lead a sale or return is for. */
function movementDetail(m: Movement): string {
  if (m.payment)
    return `${m.payment.reference}, paid ${m.payment.paid_on}${m.payment.source === "stripe" ? " by card (Stripe)" : ""}`;
  return m.lead_id ? `Lead ${m.lead_id}` : "";
}

function movementColumns(timeZone: string): ColumnDef<Movement, unknown>[] {
  return [
    { id: "at", header: "When", accessorKey: "at", cell: ({ row }) => formatDateTime(row.original.at, timeZone) },
    { id: "kind", header: "What", accessorFn: (m) => KIND_LABELS[m.kind] },
    { id: "detail", header: "Details", accessorFn: movementDetail },
    {
      id: "amount",
      header: "Change to your balance",
      accessorKey: "amount_cents",
      cell: ({ row }) => signedCents(row.original.amount_cents),
      meta: { numeric: true },
    },
  ];
}

/** The buyer's account: how it pays, its room and the sums the room is made of. */
function AccountFacts({ account }: { account: PortalAccount }) {
  return (
    <Box component="dl" className="console-facts" m={0}>
      <dt>How you pay</dt>
      <dd>{BILLING_LABELS[account.billing]}</dd>
      <dt>Room</dt>
      <dd>{account.room_cents === null ? "No limit" : formatCents(account.room_cents)}</dd>
      {account.credit_limit_cents !== null ? (
        <>
          <dt>Credit limit</dt>
          <dd>{formatCents(account.credit_limit_cents)}</dd>
        </>
      ) : null}
      <dt>Paid and refunded</dt>
      <dd>{formatCents(account.credited_cents)}</dd>
      <dt>Charged for leads bought</dt>
      <dd>{formatCents(account.charged_cents)}</dd>
      <dt>Held for leads being sent</dt>
      <dd>{formatCents(account.held_cents)}</dd>
    </Box>
  );
}

/** What the room means for the buyer: what it may still buy, or that it buys nothing until it pays. */
function roomText(account: PortalAccount): string {
  if (account.room_cents === null) return "You are not billed through Loanpath: there is no limit on what you buy.";
  if (account.room_cents <= 0)
    return "Your room is spent: you are offered no lead until a payment (or an approved return) gives you room.";
  return `You may be sold up to ${formatCents(account.room_cents)} more of leads.`;
}

// The buyer's balance (docs/product/buyer-money.md#balance-and-invoices): its room and what it is made of, a top-up
// when a payment provider is configured, and what moved its balance, newest first, a page at a time (?before= in the
// address). The server answers for the buyer the account is bound to, whatever the page asks.
export default function PortalMoneyRoute() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const before = Number(params.get("before")) || undefined;
  const load = useConsoleData("/portal/account", portalAccountAnswer, { before });
  // Another page's movements are not shown under this one's caption while this one is on its way.
  const data = load.state === "loading" ? undefined : load.data;
  const [made, setMade] = useState<{ url: string; message: string }>();
  const payLink = useRef<HTMLAnchorElement>(null);
  const topUpId = useId();
  const movementsId = useId();
  // The page's address, once made, is where the keyboard goes next: the one thing left to do is follow it.
  useEffect(() => {
    payLink.current?.focus();
  }, [made]);
  return (
    <>
      <PageHeader
        title="Balance"
        description={
          data
            ? `${data.buyer.name}: your room to buy leads and what moved it.`
            : "Your room to buy leads and what moved it."
        }
      />
      <LoadState load={load} what="your balance" rows={8} showing={data !== undefined} />
      {data ? (
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <AccountFacts account={data.account} />
            <Text size="sm" mt="sm">
              {roomText(data.account)}
            </Text>
          </Paper>
          {data.top_up_offered ? (
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby={topUpId}>
              <Title order={2} id={topUpId} mb="sm">
                Top up
              </Title>
              <TopUpForm
                path="/portal/top-up"
                title="Amount to add"
                titleOrder={3}
                description="You pay on Stripe's page; your balance is credited once the payment is made, and you come back here."
                submitLabel="Go on to pay"
                onMade={setMade}
              />
              <Text role="status" size="sm">
                {made ? made.message : ""}
              </Text>
              {made ? (
                <Anchor ref={payLink} href={made.url} fw={600}>
                  Pay on Stripe's page
                </Anchor>
              ) : null}
            </Paper>
          ) : null}
          <section aria-labelledby={movementsId}>
            <Title order={2} id={movementsId}>
              Movements
            </Title>
            <DataTable
              caption={before ? "Older movements, newest first" : "Movements, newest first"}
              columns={movementColumns(timeZone)}
              rows={data.movements}
              // The server pages the movements; the table shows each page whole.
              pageSize={MOST_MOVEMENTS}
              empty={
                <EmptyState
                  title={before ? "No older movements." : "Nothing has moved your balance yet."}
                  hint="Your leads bought, returns approved and payments show here."
                />
              }
            />
            {before || data.next_before !== null ? (
              <Group component="nav" aria-label="Pages of movements" gap="sm">
                {before ? (
                  <Button variant="default" onClick={() => setParams({})}>
                    Newest movements
                  </Button>
                ) : null}
                {data.next_before !== null ? (
                  <Button variant="default" onClick={() => setParams({ before: String(data.next_before) })}>
                    Older movements
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </section>
        </Stack>
      ) : null}
    </>
  );
}
