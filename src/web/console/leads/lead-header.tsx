import { Anchor, Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LeadSearchRow, LeadTimeline } from "#domain/contracts/console-leads.ts";
import { formatDateTime } from "../time.ts";
import { LeadStatusBadge } from "./leads-columns.tsx";
import { dollars } from "./money.ts";

// The top of a lead's page: what happened to it at a glance (its status, when, how much, where from, who bought it
// and for what, or why no one did). The lead's own row of the search gives the publisher and the buyer's reference;
// without it (a read that failed) the timeline's own facts still fill the rest.

/** The auction's decision in a sentence, from its timeline; undefined before one is made. */
function decisionText(events: LeadTimeline["events"]): string | undefined {
  const decision = events.find((event) => event.kind === "decision");
  if (!decision) return undefined;
  if (decision.status === "accepted") {
    const price = dollars(decision.price_cents);
    return `Sold to ${decision.buyer ?? "?"}${price ? ` for ${price}` : ""}.`;
  }
  return `Not sold: ${decision.reason ?? decision.status}.`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {children === null || children === undefined || children === "" ? "—" : children}
      </Text>
    </div>
  );
}

const textOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : null);

export function LeadHeader({
  id,
  lead,
  row,
  timeZone,
}: {
  id: string;
  lead: LeadTimeline | undefined;
  row: LeadSearchRow | undefined;
  timeZone: string;
}) {
  const submission = lead?.events.findLast((event) => event.kind === "submission");
  // A posted lead names its publisher for certain (auctions.posted_by), so it links to the publisher's page.
  const posted = lead?.events.find((event) => event.kind === "publisher_post");
  const decision = lead?.events.find((event) => event.kind === "decision");
  const status = row?.status ?? lead?.lead.status;
  const created = row?.created_at ?? lead?.lead.created_at;
  const amount = row?.amount ?? textOf(lead?.lead.fields.loan_amount);
  const buyer = row?.buyer ?? (decision?.status === "accepted" ? decision.buyer : null);
  const price = row?.price_cents ?? (decision?.status === "accepted" ? decision.price_cents : null);
  const said = lead && decisionText(lead.events);
  return (
    <Stack gap="sm" mb="md">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1}>Lead {id}</Title>
        {status ? <LeadStatusBadge status={status} /> : null}
      </Group>
      {lead ? (
        <Paper withBorder p="md" radius="md">
          {said ? (
            <Text fw={600} mb="sm">
              {said}
            </Text>
          ) : null}
          {/* A grid of its own rather than SimpleGrid's responsive columns: those are a <style> tag, which the
              console's Content-Security-Policy (style-src 'self') refuses. */}
          <Box
            component="dl"
            m={0}
            style={{
              display: "grid",
              gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))",
              gap: "var(--mantine-spacing-xs) var(--mantine-spacing-md)",
            }}
          >
            <Fact label="Created">
              {created ? <time dateTime={created}>{formatDateTime(created, timeZone)}</time> : null}
            </Fact>
            <Fact label="Amount">
              {amount === null || amount === undefined ? null : `$${Number(amount).toLocaleString("en-US")}`}
            </Fact>
            <Fact label="State">{row?.state ?? textOf(lead.lead.fields.state)}</Fact>
            <Fact label="Source">{row?.source ?? submission?.attribution.utm_source}</Fact>
            <Fact label="Publisher">
              {posted ? (
                <Anchor component={Link} to={`/console/publishers/${encodeURIComponent(posted.publisher_id)}`}>
                  {posted.publisher_name} (posted)
                </Anchor>
              ) : (
                (row?.publisher_name ?? row?.publisher_id ?? submission?.attribution.aff_id)
              )}
            </Fact>
            <Fact label="Buyer">{buyer}</Fact>
            <Fact label="Sold for">{dollars(price)}</Fact>
            <Fact label="Buyer's reference">{row?.buyer_ref}</Fact>
          </Box>
        </Paper>
      ) : null}
    </Stack>
  );
}
