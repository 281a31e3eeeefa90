import { Alert, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ChangeRequestRow, ChangeRequestState } from "#domain/contracts/console-change-requests.ts";
import { formatDateTime } from "../time.ts";
import { SettingChangesTable } from "./buyer-versions.tsx";

// One change request of a buyer (docs/product/buyer-money.md#change-requests), as the operator's panel and the buyer's
// portal show it: who asked when and why, how it stands, and what it changes setting by setting; `children` are the
// actions the page offers on it (approve and reject, or withdraw).

const STATES: Record<ChangeRequestState, { label: string; color: string }> = {
  pending: { label: "Waiting for a decision", color: "yellow" },
  approved: { label: "Approved", color: "green" },
  rejected: { label: "Rejected", color: "red" },
  withdrawn: { label: "Withdrawn", color: "gray" },
};

function ChangeRequestBadge({ state }: { state: ChangeRequestState }) {
  return (
    <Badge component="span" variant="dot" color={STATES[state].color} tt="none" miw="max-content">
      {STATES[state].label}
    </Badge>
  );
}

export function ChangeRequestCard({
  request,
  timeZone,
  staleHint,
  children,
}: {
  request: ChangeRequestRow;
  timeZone: string;
  /** What a stale request means to this reader (the operator cannot approve it; the buyer should ask again). */
  staleHint: string;
  children?: ReactNode;
}) {
  const asked = formatDateTime(request.created_at, timeZone);
  const decidedWord = request.state === "withdrawn" ? "Withdrawn" : "Decided";
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={3} size="h4">
              Request of {asked}
            </Title>
            <Text size="sm" c="dimmed">
              {request.requested_by}, against{" "}
              {request.base_version === null
                ? "the configuration before any version"
                : `version ${request.base_version}`}{" "}
              · {request.id}
            </Text>
          </div>
          <ChangeRequestBadge state={request.state} />
        </Group>
        <Text size="sm">“{request.note}”</Text>
        {request.stale ? (
          <Alert color="orange" variant="light" p="xs" role="note">
            <Text size="sm">{staleHint}</Text>
          </Alert>
        ) : null}
        {request.changes.length ? (
          <SettingChangesTable label={`Changes asked for on ${asked}`} changes={request.changes} />
        ) : (
          <Text size="sm">It changes nothing in force now.</Text>
        )}
        {request.decided_at ? (
          <Text size="sm">
            {decidedWord} {formatDateTime(request.decided_at, timeZone)}
            {request.decided_by ? ` by ${request.decided_by}` : ""}
            {request.decision_note ? `: “${request.decision_note}”` : "."}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
