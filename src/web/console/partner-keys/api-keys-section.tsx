import { Badge, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { apiKeyIssuedAnswer, apiKeyListAnswer, type ApiKeyRow } from "#domain/contracts/console-publishers.ts";
import { consoleApi } from "../console-api.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ShownOnce } from "./shown-once.tsx";

// A partner's API keys (docs/product/partners.md#the-partner-api): the list, a new key shown once, revoking one. The
// operators' (`/buyers/acme/api-keys`) and a buyer's own in its portal (`/portal/keys`) answer alike.
export function ApiKeysSection({
  keysPath,
  partnerName,
  writer,
  title = "API keys",
}: {
  /** The keys' collection: listed with GET, issued with POST, a key revoked with DELETE `${keysPath}/{id}`. */
  keysPath: string;
  partnerName: string;
  writer: boolean;
  title?: string;
}) {
  const { timeZone } = useConsole();
  const keys = useConsoleData(keysPath, apiKeyListAnswer);
  const [label, setLabel] = useState("");
  const [labelProblem, setLabelProblem] = useState<string>();
  const [issued, setIssued] = useState<string>();
  const [status, setStatus] = useState("");
  const reload = keys.reload;

  const columns = useMemo<ColumnDef<ApiKeyRow, unknown>[]>(
    () => [
      { header: "Label", accessorKey: "label" },
      { header: "Starts with", accessorKey: "prefix", cell: ({ row }) => <code>{row.original.prefix}</code> },
      { header: "Issued", accessorFn: (r) => formatDateTime(r.created_at, timeZone) },
      { header: "Last used", accessorFn: (r) => (r.last_used_at ? formatDateTime(r.last_used_at, timeZone) : "Never") },
      {
        header: "Status",
        accessorFn: (r) => (r.revoked_at ? "Revoked" : "Live"),
        cell: ({ row }) =>
          row.original.revoked_at ? (
            <Stack gap={2} align="flex-start">
              <Badge miw="max-content" color="gray" variant="dot">
                Revoked
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(row.original.revoked_at, timeZone)}
              </Text>
            </Stack>
          ) : (
            <Badge miw="max-content" color="green" variant="dot">
              Live
            </Badge>
          ),
      },
      ...(writer
        ? [
            {
              header: "Action",
              enableSorting: false,
              cell: ({ row }) =>
                row.original.revoked_at ? null : (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={async () => {
                      const res = await consoleApi.send("DELETE", `${keysPath}/${row.original.id}`, undefined);
                      setStatus(res.message);
                      reload();
                    }}
                  >
                    Revoke {row.original.label}
                  </Button>
                ),
            } satisfies ColumnDef<ApiKeyRow, unknown>,
          ]
        : []),
    ],
    [timeZone, writer, keysPath, reload],
  );

  const issue = async () => {
    const res = await consoleApi.send("POST", keysPath, { label }, apiKeyIssuedAnswer);
    setLabelProblem(res.ok ? undefined : res.errors.label);
    setStatus(res.ok ? res.message : res.errors.label ? "" : res.message);
    if (res.ok) {
      setIssued(res.data.key);
      setLabel("");
    }
    reload();
  };

  return (
    <section aria-labelledby="api-keys-title">
      <Title order={2} size="h3" id="api-keys-title" mt="xl">
        {title}
      </Title>
      <LoadState load={keys} what={`the API keys of ${partnerName}`} />
      {keys.data ? (
        <DataTable
          caption={`API keys of ${partnerName}`}
          columns={columns}
          rows={keys.data.api_keys}
          empty={
            <EmptyState
              title="No keys yet."
              hint={
                writer
                  ? `Issue one below: ${partnerName} uses it to call the partner API.`
                  : `A manager issues the keys ${partnerName} uses to call the partner API.`
              }
            />
          }
        />
      ) : null}
      {writer ? (
        <form
          aria-label={`Issue an API key to ${partnerName}`}
          onSubmit={(event) => {
            event.preventDefault();
            void issue();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Label of a new key"
              value={label}
              error={labelProblem}
              onChange={(event) => setLabel(event.currentTarget.value)}
              autoComplete="off"
              w={320}
            />
            <Button type="submit" variant="default">
              Issue a key
            </Button>
          </Group>
        </form>
      ) : null}
      <Text role="status" size="sm" mih="1.25rem" mt="xs">
        {status}
      </Text>
      {issued ? <ShownOnce title="The new API key" value={issued} /> : null}
    </section>
  );
}
