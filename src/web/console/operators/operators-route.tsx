import { Badge, Button, NativeSelect, Text } from "@mantine/core";
import { useCallback, useMemo, useState } from "react";
import { ROLE_LABELS, type OperatorRole } from "#domain/console/roles.ts";
import {
  operatorsAnswer,
  type EnrolmentData,
  type OperatorRow,
  type SessionListRow,
} from "#domain/contracts/console.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { NEW_OPERATOR_FORM, NewOperatorForm, ROLE_OPTIONS } from "./new-operator-form.tsx";
import { OperatorEnrolment } from "./operator-enrolment.tsx";

export function meta() {
  return [{ title: consoleTitle("Operators") }];
}

/** Fewer recovery codes than this, and the person should be given new ones before they run out. */
const FEW_RECOVERY_CODES = 3;

// Owners only: the accounts, their roles, disabling one, and every open session with a way to end it.
export default function OperatorsRoute() {
  const { timeZone, session } = useConsole();
  const list = useConsoleData("/operators", operatorsAnswer);
  const [enrolment, setEnrolment] = useState<EnrolmentData>();
  const [status, setStatus] = useState("");

  const reload = list.reload;
  const change = useCallback(
    async (operator: OperatorRow, body: { role?: OperatorRole; disabled?: boolean }, done: string) => {
      const res = await consoleApi.send("PATCH", `/operators/${operator.id}`, body);
      setStatus(res.ok ? done : res.message);
      reload();
    },
    [reload],
  );

  const operatorColumns = useMemo<ColumnDef<OperatorRow, unknown>[]>(
    () => [
      { header: "Name", accessorKey: "name" },
      { header: "E-mail", accessorKey: "email" },
      {
        header: "Role",
        accessorKey: "role",
        cell: ({ row }) => (
          <NativeSelect
            size="xs"
            aria-label={`Role of ${row.original.name}`}
            data={ROLE_OPTIONS}
            value={row.original.role}
            onChange={(event) => {
              const role = event.currentTarget.value as OperatorRole;
              void change(row.original, { role }, `${row.original.name} is now ${ROLE_LABELS[role]}.`);
            }}
          />
        ),
      },
      { header: "Publisher", accessorFn: (r) => r.publisher_id ?? "" },
      {
        header: "Recovery codes left",
        accessorKey: "recovery_codes_left",
        meta: { numeric: true },
        cell: ({ row }) =>
          row.original.recovery_codes_left < FEW_RECOVERY_CODES ? (
            <Badge miw="max-content" color="orange" variant="dot">
              {row.original.recovery_codes_left} left
            </Badge>
          ) : (
            row.original.recovery_codes_left
          ),
      },
      {
        header: "Created",
        accessorKey: "created_at",
        cell: ({ row }) => formatDateTime(row.original.created_at, timeZone),
      },
      {
        header: "Status",
        accessorKey: "disabled",
        cell: ({ row }) => (
          <Badge miw="max-content" color={row.original.disabled ? "gray" : "green"} variant="dot">
            {row.original.disabled ? "Disabled" : "Active"}
          </Badge>
        ),
      },
      {
        header: "Account",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.id === session.operator.id ? (
            <Text size="sm" c="dimmed">
              You
            </Text>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                void change(
                  row.original,
                  { disabled: !row.original.disabled },
                  `${row.original.name} is ${row.original.disabled ? "enabled" : "disabled"}.`,
                )
              }
            >
              {row.original.disabled ? `Enable ${row.original.name}` : `Disable ${row.original.name}`}
            </Button>
          ),
      },
    ],
    [timeZone, session.operator.id, change],
  );

  const sessionColumns = useMemo<ColumnDef<SessionListRow, unknown>[]>(
    () => [
      { header: "Operator", accessorKey: "email" },
      {
        header: "Signed in",
        accessorKey: "created_at",
        cell: ({ row }) => formatDateTime(row.original.created_at, timeZone),
      },
      {
        header: "Last seen",
        accessorKey: "last_seen_at",
        cell: ({ row }) => formatDateTime(row.original.last_seen_at, timeZone),
      },
      { header: "Address", accessorFn: (r) => r.ip ?? "" },
      { header: "Browser", accessorFn: (r) => r.user_agent ?? "" },
      {
        header: "End",
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="default"
            aria-label={`End session: ${row.original.email}, signed in ${formatDateTime(row.original.created_at, timeZone)}`}
            onClick={async () => {
              const res = await consoleApi.send("DELETE", `/sessions/${row.original.id}`, undefined);
              setStatus(res.ok ? `The session of ${row.original.email} is ended.` : res.message);
              reload();
            }}
          >
            End session
          </Button>
        ),
      },
    ],
    [timeZone, reload],
  );

  return (
    <>
      <PageHeader
        title="Operators"
        description="The console's accounts, their roles, and every open session."
        actions={
          <Button component="a" href={`#${NEW_OPERATOR_FORM}`}>
            Add operator
          </Button>
        }
      />
      <Text role="status" size="sm" mih="1.25rem">
        {status}
      </Text>
      <LoadState load={list} what="the operators" rows={6} />
      {list.data ? (
        <>
          <DataTable caption="Operators" columns={operatorColumns} rows={list.data.operators} exportName="operators" />
          <DataTable
            caption="Open sessions"
            exportName="operator-sessions"
            columns={sessionColumns}
            rows={list.data.sessions}
            empty={
              <EmptyState
                title="No open sessions."
                hint="A session opens when someone signs in; each one listed here can be ended."
              />
            }
          />
        </>
      ) : null}
      {enrolment ? <OperatorEnrolment enrolment={enrolment} /> : null}
      <NewOperatorForm
        onCreated={(made) => {
          setEnrolment(made);
          setStatus(`${made.operator.name} is added.`);
          list.reload();
        }}
      />
    </>
  );
}
