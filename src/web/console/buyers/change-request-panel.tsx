import { Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useId, useState } from "react";
import {
  changeRequestDecidedAnswer,
  changeRequestListAnswer,
  type ChangeRequestRow,
} from "#domain/contracts/console-change-requests.ts";
import { consoleApi } from "../console-api.ts";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ChangeRequestCard } from "./change-request-card.tsx";

// A buyer's change requests on its page (docs/product/buyer-money.md#change-requests), newest first, each with what
// it changes; one that waits is approved (a new version of the buyer) or rejected, with a note the buyer is mailed.

const STALE_FOR_OPERATOR =
  "The buyer's configuration changed since this was asked: approving it is refused, as it would undo that change. Reject it and let the buyer ask again.";

function Decision({ request, onDecided }: { request: ChangeRequestRow; onDecided: (message: string) => void }) {
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const decide = async (action: "approve" | "reject") => {
    if (busy) return;
    setBusy(true);
    const res = await consoleApi.send(
      "POST",
      `/change-requests/${encodeURIComponent(request.id)}/${action}`,
      { note },
      changeRequestDecidedAnswer,
    );
    setBusy(false);
    if (res.ok) return onDecided(res.message);
    setProblem(res.errors.note ?? res.message);
  };
  return (
    <Stack gap="xs" role="group" aria-label={`Decide the request ${request.id}`}>
      <Textarea
        label="Note"
        description="Kept with the decision and mailed to the buyer's billing address; needed to reject"
        rows={2}
        maxLength={500}
        value={note}
        error={problem}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="xs" aria-disabled={busy || undefined} onClick={() => void decide("approve")}>
          Approve
        </Button>
        <Button size="xs" variant="default" aria-disabled={busy || undefined} onClick={() => void decide("reject")}>
          Reject
        </Button>
      </Group>
    </Stack>
  );
}

export function ChangeRequestPanel(props: {
  buyerId: string;
  buyerName: string;
  timeZone: string;
  writer: boolean;
  /** After a decision: what the server said (an approval is a new version of the buyer). */
  onDecided: (message: string) => void;
}) {
  const titleId = useId();
  const list = useConsoleData("/change-requests", changeRequestListAnswer, { buyer: props.buyerId });
  const requests = list.data?.requests ?? [];
  const waiting = requests.filter((r) => r.state === "pending").length;
  const reload = list.reload;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId} mb="sm">
        Change requests{waiting ? ` (${waiting} waiting)` : ""}
      </Title>
      <LoadState load={list} what={`the change requests of ${props.buyerName}`} />
      {list.data && requests.length === 0 ? (
        <Text size="sm">
          No change request yet. A buyer user asks for new caps, prices, filters or opening hours from its portal; the
          request waits here for a decision.
        </Text>
      ) : null}
      {requests.length ? (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
          {requests.map((request) => (
            <ChangeRequestCard
              key={request.id}
              request={request}
              timeZone={props.timeZone}
              staleHint={STALE_FOR_OPERATOR}
            >
              {props.writer && request.state === "pending" ? (
                <Decision
                  request={request}
                  onDecided={(message) => {
                    reload();
                    props.onDecided(message);
                  }}
                />
              ) : null}
            </ChangeRequestCard>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
