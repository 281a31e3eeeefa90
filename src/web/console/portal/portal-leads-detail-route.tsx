import { Alert, Anchor, Box, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { portalLeadAnswer, type PortalLead } from "#domain/contracts/portal-leads.ts";
import { consoleApi, type ConsoleResult } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatCents } from "../reports/report-format.ts";
import { RETURN_STATE_LABELS } from "../returns/return-labels.ts";
import { formatDateTime } from "../time.ts";
import { PageHeader } from "../ui/page-header.tsx";

export function meta() {
  return [{ title: consoleTitle("Lead") }];
}

/** Where the returns page opens with this lead's id filled in. */
export const returnLeadPath = (leadId: string) => `/console/portal/returns?lead=${encodeURIComponent(leadId)}`;

function Details({ lead, timeZone }: { lead: PortalLead; timeZone: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Pressing "Show" puts what it showed where the keyboard and a screen reader are.
  useEffect(() => heading.current?.focus(), []);
  const sale = lead.lead;
  return (
    <Stack gap="md">
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        The lead's details
      </Title>
      <Box component="dl" className="console-facts" m={0}>
        <dt>Sold</dt>
        <dd>{formatDateTime(sale.sold_at, timeZone)}</dd>
        <dt>Price</dt>
        <dd>
          {formatCents(sale.price_cents)}
          {sale.test ? " (a test lead: not charged)" : ""}
        </dd>
        <dt>Return</dt>
        <dd>{sale.return_state ? RETURN_STATE_LABELS[sale.return_state].label : "Not returned"}</dd>
      </Box>
      {lead.fields.length ? (
        <Table withTableBorder w="auto">
          <Table.Caption>What your post mapping sends, as the sale sent it</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lead.fields.map(({ field, value }) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">
                  <code>{field}</code>
                </Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{String(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">Your post mapping sends none of this lead's fields.</Text>
      )}
    </Stack>
  );
}

// A lead sold to the account's buyer (docs/product/buyer-money.md#the-buyer-portal): its personal data is read only
// when the user asks, and the server records each view (the audit log and the sensitive reads) before it answers.
export default function PortalLeadsDetailRoute() {
  const { id = "" } = useParams();
  const { timeZone } = useConsole();
  // Kept with the lead it is of: another lead's page starts again with nothing shown.
  const [shown, setShown] = useState<{ id: string; result: ConsoleResult<PortalLead> }>();
  const result = shown?.id === id ? shown.result : undefined;
  const [busy, setBusy] = useState(false);

  async function show() {
    if (busy) return;
    setBusy(true);
    const asked = id;
    setShown({
      id: asked,
      result: await consoleApi.get(`/portal/leads/${encodeURIComponent(asked)}`, portalLeadAnswer),
    });
    setBusy(false);
  }

  return (
    <>
      <PageHeader
        title={`Lead ${id}`}
        description="A lead sold to you."
        actions={
          <Group gap="sm">
            <Anchor component={Link} to="/console/portal/leads" size="sm">
              Back to leads
            </Anchor>
            <Anchor component={Link} to={returnLeadPath(id)} size="sm">
              Return this lead
            </Anchor>
          </Group>
        }
      />
      <Paper withBorder p="md" radius="md" maw={760}>
        {result?.ok ? (
          <Details lead={result.data} timeZone={timeZone} />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Its details are the personal data you bought with it. Each time you show them, the view is recorded: who
              looked, when, and which fields.
            </Text>
            {result && !result.ok ? (
              <Alert color="red" variant="light" role="alert" w="100%">
                {result.message}
              </Alert>
            ) : null}
            <Button onClick={() => void show()} aria-disabled={busy || undefined}>
              Show the lead's details
            </Button>
          </Stack>
        )}
      </Paper>
    </>
  );
}
