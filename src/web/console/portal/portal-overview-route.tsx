import { Box, Paper, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { Fragment, useId, type ReactNode } from "react";
import { portalOverviewAnswer, type PortalOverview } from "#domain/contracts/portal-overview.ts";
import { BILLING_LABELS, capsText } from "../buyers/buyer-labels.ts";
import { BuyerStateBadge } from "../buyers/buyer-state-badge.tsx";
import { consoleTitle } from "../console-nav.ts";
import { LoadState } from "../load-state.tsx";
import { formatCents } from "../reports/report-format.ts";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { dollars, filterFacts, ruleConditions, scheduleDays, TEST_MODE_TEXT } from "./portal-overview-text.ts";

export function meta() {
  return [{ title: consoleTitle("Overview") }];
}

/** One part of the overview: a titled box whose title names it for a screen reader. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box component="dl" className="console-facts" m={0}>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </Box>
  );
}

/** The return terms in words (docs/product/partners.md#returns): a 0-day window or a 0% cap takes no return. */
function returnFacts({ window_days, cap_percent }: PortalOverview["returns"]): [string, string][] {
  if (window_days === 0 || cap_percent === 0) return [["Returns", "Your terms take no returns"]];
  return [
    ["Window", `${window_days} days after the sale`],
    ["Monthly cap", `${cap_percent}% of the leads you buy in a month, at least one`],
  ];
}

function Standing({ o }: { o: PortalOverview }) {
  const facts: [string, ReactNode][] = [
    ["Buyer id", o.buyer.id],
    ["State", <BuyerStateBadge key="state" buyer={o} />],
    ["Billing", BILLING_LABELS[o.billing]],
  ];
  if (o.account)
    facts.push(
      ["Room", formatCents(o.account.room_cents)],
      ["Paid and refunded", formatCents(o.account.credited_cents)],
      ["Charged for sales", formatCents(o.account.charged_cents)],
      ["Held for posts in flight", formatCents(o.account.held_cents)],
    );
  facts.push(["Caps used", capsText(o)]);
  return (
    <Part title="Now">
      <Facts facts={facts} />
      {o.state === "no_room" ? (
        <Text size="sm" mt="sm">
          Your room is spent: you are offered no lead until a payment gives you room again.
        </Text>
      ) : null}
    </Part>
  );
}

function Prices({ pricing }: { pricing: PortalOverview["pricing"] }) {
  if (pricing.kind === "bid") {
    const floors = Object.entries(pricing.state_floors).sort(([a], [b]) => a.localeCompare(b));
    return (
      <Part title="Prices">
        <Facts facts={[["You bid", `Bids below your floor of ${dollars(pricing.floor)} are not taken`]]} />
        {floors.length ? (
          <Table withTableBorder w="auto" mt="sm">
            <Table.Caption>Floors by state, instead of your floor</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Floor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {floors.map(([state, floor]) => (
                <Table.Tr key={state}>
                  <Table.Th scope="row">{state}</Table.Th>
                  <Table.Td>{dollars(floor ?? 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Part>
    );
  }
  return (
    <Part title="Prices">
      <Facts facts={[["Fixed price", `${dollars(pricing.price)} a lead no rule below matches`]]} />
      {pricing.rules.length ? (
        <Table withTableBorder w="auto" mt="sm">
          <Table.Caption>Price rules, in order: the first a lead matches sets its price</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Rule</Table.Th>
              <Table.Th scope="col">When the lead has</Table.Th>
              <Table.Th scope="col">Price</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pricing.rules.map((rule, i) => (
              <Table.Tr key={i}>
                <Table.Th scope="row">{i + 1}</Table.Th>
                <Table.Td>{ruleConditions(rule)}</Table.Td>
                <Table.Td>{dollars(rule.price)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Part>
  );
}

function Hours({ o }: { o: PortalOverview }) {
  return (
    <Part title="Opening hours">
      <Text size="sm" mb="xs">
        {o.schedule ? `In ${o.time_zone}; ${o.open_now ? "open now" : "closed now"}.` : "Always open."}
      </Text>
      {o.schedule ? <Facts facts={scheduleDays(o.schedule)} /> : null}
    </Part>
  );
}

// The buyer portal's first page (docs/product/buyer-money.md#the-buyer-portal): how the account stands now and the
// terms in force, read from the server for the buyer the account is bound to, whatever the page asks.
export default function PortalOverviewRoute() {
  const load = useConsoleData("/portal/overview", portalOverviewAnswer);
  const o = load.data;
  return (
    <>
      <PageHeader
        title={o ? `Overview: ${o.buyer.name}` : "Overview"}
        description="How your account stands now, and the prices, caps, hours and terms in force."
      />
      <LoadState load={load} what="your account" rows={8} />
      {o ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Standing o={o} />
          <Prices pricing={o.pricing} />
          <Part title="Leads you take">
            <Facts
              facts={[
                ...filterFacts(o),
                ["Test leads", TEST_MODE_TEXT[o.test_mode]],
                ["Same person again", `Not within ${o.duplicate_window_days} days`],
              ]}
            />
          </Part>
          <Hours o={o} />
          <Part title="Returns">
            <Facts facts={returnFacts(o.returns)} />
          </Part>
        </SimpleGrid>
      ) : null}
    </>
  );
}
