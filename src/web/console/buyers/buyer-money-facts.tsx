import { Box, Paper, Text, Title } from "@mantine/core";
import { useId } from "react";
import type { BuyerSummary } from "#domain/contracts/console-buyers.ts";
import { formatCents } from "../reports/report-format.ts";
import { BILLING_LABELS, capsText } from "./buyer-labels.ts";

// A buyer's money and limits now, on its page (docs/product/buyer-money.md): how it pays and, billed, its account as
// the auction reads it (the room a post is held against), then its caps and budgets with what each has used.
export function BuyerMoneyFacts({ buyer }: { buyer: Pick<BuyerSummary, "billing" | "account" | "caps" | "budgets"> }) {
  const titleId = useId();
  const { account } = buyer;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId} mb="sm">
        Money and caps
      </Title>
      <Box component="dl" className="console-facts" m={0}>
        <dt>Billing</dt>
        <dd>{BILLING_LABELS[buyer.billing]}</dd>
        {account ? (
          <>
            <dt>Room</dt>
            <dd>{formatCents(account.room_cents)}</dd>
            <dt>Paid and refunded</dt>
            <dd>{formatCents(account.credited_cents)}</dd>
            <dt>Charged for sales</dt>
            <dd>{formatCents(account.charged_cents)}</dd>
            <dt>Held for posts in flight</dt>
            <dd>{formatCents(account.held_cents)}</dd>
          </>
        ) : null}
        <dt>Caps used</dt>
        <dd>{capsText(buyer)}</dd>
      </Box>
      {account && account.room_cents <= 0 ? (
        <Text size="sm" mt="sm">
          Its room is spent: it is offered no lead until a payment or a return gives it room.
        </Text>
      ) : null}
    </Paper>
  );
}
