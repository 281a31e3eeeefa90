import { Badge, Button, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { returnRatesAnswer, returnsQueueAnswer, type ConsoleReturn } from "#domain/contracts/console-returns.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ReturnDecision } from "./return-decision.tsx";
import { ReturnEvidence } from "./return-evidence.tsx";
import { RETURN_FILE_FORM, ReturnFileForm } from "./return-file-form.tsx";
import { REASON_LABELS, RETURN_STATE_LABELS } from "./return-labels.ts";
import { ReturnRates } from "./return-rates.tsx";
import returnsStylesheet from "./returns.css?url";

export function links() {
  return [{ rel: "stylesheet", href: returnsStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Returns") }];
}

const SOURCE_LABELS: Record<ConsoleReturn["source"], string> = {
  api: "Filed through the API",
  console: "Filed by an operator",
  portal: "Filed in the buyer's portal",
};

const STATES = RETURN_STATE_LABELS;

// The returns queue (docs/product/partners.md#returns): pending first, each reason with the evidence the product
// holds folded beside it; an operator who may decide approves or rejects with a note, or files a return for a buyer.
// Below, the return rates per buyer and per publisher.
export default function ReturnsRoute() {
  const { timeZone, can } = useConsole();
  const queue = useConsoleData("/returns", returnsQueueAnswer);
  const rates = useConsoleData("/returns/rates", returnRatesAnswer);
  const [status, setStatus] = useState<string>();
  const mayDecide = can("returns:decide");
  const reloadQueue = queue.reload;
  const reloadRates = rates.reload;
  const columns = useMemo<ColumnDef<ConsoleReturn, unknown>[]>(() => {
    const decided = (message: string) => {
      setStatus(message);
      reloadQueue();
      reloadRates();
    };
    return [
      { header: "Lead", accessorKey: "lead_id" },
      { header: "Buyer", accessorKey: "buyer_id" },
      {
        header: "Reason",
        accessorKey: "reason",
        cell: ({ row }) => (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {REASON_LABELS[row.original.reason]}
            </Text>
            {row.original.note ? <Text size="sm">“{row.original.note}”</Text> : null}
            <Text size="xs" c="dimmed">
              {SOURCE_LABELS[row.original.source]}
            </Text>
          </Stack>
        ),
      },
      {
        header: "Evidence",
        enableSorting: false,
        cell: ({ row }) => <ReturnEvidence evidence={row.original.evidence} timeZone={timeZone} />,
      },
      {
        header: "Requested",
        accessorKey: "requested_at",
        cell: ({ row }) => formatDateTime(row.original.requested_at, timeZone),
      },
      {
        header: "State",
        accessorKey: "state",
        cell: ({ row }) => {
          const r = row.original;
          if (r.state === "pending" && mayDecide)
            return <ReturnDecision id={r.id} leadId={r.lead_id} onDecided={decided} />;
          return (
            <Stack gap={2} align="flex-start">
              <Badge miw="max-content" color={STATES[r.state].color} variant="dot">
                {STATES[r.state].label}
              </Badge>
              {r.decided_at || r.decided_by ? (
                <Text size="xs" c="dimmed">
                  {[
                    r.decided_at ? formatDateTime(r.decided_at, timeZone) : "",
                    r.decided_by ? `by ${r.decided_by}` : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
                </Text>
              ) : null}
              {r.decision_note ? <Text size="sm">“{r.decision_note}”</Text> : null}
            </Stack>
          );
        },
      },
    ];
  }, [timeZone, mayDecide, reloadQueue, reloadRates]);

  const pending = queue.data?.returns.filter((r) => r.state === "pending").length ?? 0;
  // An empty queue offers the step in its empty state, so the page has one "File a return", not two.
  const fileOne = mayDecide ? (
    <Button component="a" href={`#${RETURN_FILE_FORM}`} variant="default">
      File a return
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        title="Returns"
        description="Leads buyers sent back, pending first, with the evidence for each; and the return rates."
        actions={queue.data?.returns.length === 0 ? null : fileOne}
      />
      <Text role="status" size="sm" mih="1.25rem">
        {status ?? ""}
      </Text>
      <LoadState load={queue} what="the returns" rows={6} />
      {queue.data ? (
        <>
          {queue.data.returns.length > 0 ? (
            <Text size="sm">
              {pending === 0 ? "No return waits for a decision." : `${pending} pending, oldest first.`}
            </Text>
          ) : null}
          <DataTable
            caption="Returns, pending first"
            exportName="returns"
            columns={columns}
            rows={queue.data.returns}
            empty={
              <EmptyState
                title="No returns yet."
                hint={
                  mayDecide
                    ? "Buyers file returns through the API and they wait here for a decision; you can also file one for a buyer."
                    : "Buyers file returns through the API; they wait here for a decision."
                }
                action={fileOne}
              />
            }
          />
        </>
      ) : null}
      {mayDecide ? (
        <ReturnFileForm
          onFiled={(message) => {
            setStatus(message);
            reloadQueue();
          }}
        />
      ) : null}
      <Title order={2} size="h3" mt="xl">
        Return rates
      </Title>
      <LoadState load={rates} what="the return rates" />
      {rates.data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <ReturnRates
            caption="Return rate per buyer (approved returns over leads sold)"
            party="Buyer"
            months={rates.data.months}
            rows={rates.data.buyers}
          />
          <ReturnRates
            caption="Return rate per publisher (over the leads whose payout was its)"
            party="Publisher"
            months={rates.data.months}
            rows={rates.data.publishers}
          />
        </SimpleGrid>
      ) : null}
    </>
  );
}
