import { Box, Stack, Text, Title } from "@mantine/core";
import { useCallback, useMemo, useState } from "react";
import { screeningListsAnswer, type ScreeningListRow } from "#domain/contracts/console-screening-lists.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { formatCount } from "../reports/report-format.ts";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ListActions } from "./list-actions.tsx";
import { ListCreateForm } from "./list-create-form.tsx";
import { ListUploadForm } from "./list-upload-form.tsx";
import { LIST_KIND_LABELS } from "./screening-labels.ts";

// The operator's do-not-call and litigator lists (docs/product/screening.md#lists): any operator sees their names and
// sizes; those who manage buyers (buyers:write) create, upload, rename and delete them. No number ever comes back.
export function ListsSection({ writer }: { writer: boolean }) {
  const { timeZone } = useConsole();
  const lists = useConsoleData("/screening/lists", screeningListsAnswer);
  const [status, setStatus] = useState("");
  const reload = lists.reload;
  const done = useCallback(
    (message: string) => {
      setStatus(message);
      reload();
    },
    [reload],
  );
  const columns = useMemo<ColumnDef<ScreeningListRow, unknown>[]>(
    () => [
      {
        header: "Name",
        accessorKey: "name",
        cell: ({ row }) => <span className="console-wrap">{row.original.name}</span>,
      },
      { header: "Kind", accessorFn: (r) => LIST_KIND_LABELS[r.kind] },
      {
        header: "Numbers held",
        accessorKey: "entries",
        cell: ({ row }) => formatCount(row.original.entries),
        meta: { numeric: true },
      },
      {
        header: "Updated",
        accessorKey: "updated_at",
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(row.original.updated_at, timeZone)}</Text>
            {row.original.updated_by ? (
              <Text size="xs" c="dimmed" className="console-wrap">
                by {row.original.updated_by}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      ...(writer
        ? [
            {
              header: "Change",
              enableSorting: false,
              cell: ({ row }) => <ListActions list={row.original} onDone={done} />,
            } satisfies ColumnDef<ScreeningListRow, unknown>,
          ]
        : []),
    ],
    [timeZone, writer, done],
  );
  const rows = lists.data?.lists;
  return (
    <section aria-labelledby="screening-lists-title">
      <Title order={2} size="h3" id="screening-lists-title" mt="xl">
        Do-not-call and litigator lists
      </Title>
      <Text size="sm" mt={4}>
        A lead whose phone is on any of these lists is never sold: it is refused as do-not-call or litigator. Each phone
        is kept as a keyed hash, never as a number, so neither this page nor anyone reading the database can read a
        number back.
      </Text>
      <LoadState load={lists} what="the screening lists" />
      {rows ? (
        <DataTable
          caption="Screening lists"
          columns={columns}
          rows={rows}
          empty={
            <EmptyState
              title="No list yet."
              hint={
                writer
                  ? "Create one below, then upload its numbers: your own do-not-call list, the federal registry's area-code files, a litigator list."
                  : "A manager creates the lists and uploads their numbers."
              }
            />
          }
        />
      ) : null}
      {rows && writer ? (
        <Box
          style={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(20rem, 1fr))",
            gap: "var(--mantine-spacing-md)",
            alignItems: "start",
          }}
        >
          {rows.length ? <ListUploadForm lists={rows} onUploaded={done} /> : null}
          <ListCreateForm onCreated={done} />
        </Box>
      ) : null}
      <Text role="status" size="sm" mih="1.25rem" mt="xs">
        {status}
      </Text>
    </section>
  );
}
