import { useCallback, useMemo, useState } from "react";
import { OPERATOR_ROLES, ROLE_LABELS, type OperatorRole } from "#domain/console/roles.ts";
import {
  enrolmentAnswer,
  newOperatorRequest,
  operatorsAnswer,
  type EnrolmentData,
  type OperatorRow,
  type SessionListRow,
} from "#domain/contracts/console.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { AuthenticatorQr } from "./authenticator-qr.tsx";

export function meta() {
  return [{ title: consoleTitle("Operators") }];
}

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

function Enrolment({ enrolment }: { enrolment: EnrolmentData }) {
  return (
    <section className="console-enrolment" aria-labelledby="enrolment-title">
      <h2 id="enrolment-title">Give these to {enrolment.operator.name}, once</h2>
      <p>They are not shown again. The person adds the key to an authenticator app before the first sign-in.</p>
      <dl>
        <dt>E-mail</dt>
        <dd>{enrolment.operator.email}</dd>
        <dt>Password</dt>
        <dd>
          <code>{enrolment.password}</code>
        </dd>
        <dt>Authenticator key</dt>
        <dd>
          <code>{enrolment.totp_secret}</code>
        </dd>
        <dt>Authenticator address</dt>
        <dd>
          <AuthenticatorQr
            uri={enrolment.totp_uri}
            label={`QR code of the authenticator address for ${enrolment.operator.email}: scan it with the app`}
          />
          <code className="console-wrap">{enrolment.totp_uri}</code>
        </dd>
        <dt>Recovery codes</dt>
        <dd>
          <ul>
            {enrolment.recovery_codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
}

function NewOperatorForm({ onCreated }: { onCreated: (enrolment: EnrolmentData) => void }) {
  const form = useZodForm(newOperatorRequest, {
    defaultValues: { email: "", name: "", role: "analyst", publisher_id: "" },
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (values) => {
    const res = await consoleApi.send("POST", "/operators", values, enrolmentAnswer);
    if (res.ok) {
      form.reset();
      setProblem(undefined);
      return onCreated(res.data);
    }
    const left = form.setServerErrors(res.errors);
    setProblem(Object.keys(res.errors).length && !Object.keys(left).length ? undefined : res.message);
  });
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="new-operator-title"
      className="console-form"
    >
      <h2 id="new-operator-title">Add an operator</h2>
      <TextField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" />
      <TextField control={form.control} name="name" label="Name" autoComplete="off" />
      <SelectField control={form.control} name="role" label="Role" options={ROLE_OPTIONS} />
      <TextField
        control={form.control}
        name="publisher_id"
        label="Publisher id"
        hint="For a publisher account only: the one publisher it sees"
        autoComplete="off"
      />
      <p className="console-form__error" role="alert">
        {problem ?? ""}
      </p>
      <button type="submit" className="console-button console-button--primary" aria-disabled={form.busy || undefined}>
        Add operator
      </button>
    </form>
  );
}

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
          <select
            aria-label={`Role of ${row.original.name}`}
            value={row.original.role}
            onChange={(event) =>
              void change(
                row.original,
                { role: event.target.value as OperatorRole },
                `${row.original.name} is now ${ROLE_LABELS[event.target.value as OperatorRole]}.`,
              )
            }
          >
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ),
      },
      { header: "Publisher", accessorFn: (r) => r.publisher_id ?? "" },
      { header: "Recovery codes left", accessorKey: "recovery_codes_left" },
      {
        header: "Created",
        accessorKey: "created_at",
        cell: ({ row }) => formatDateTime(row.original.created_at, timeZone),
      },
      {
        header: "Account",
        accessorKey: "disabled",
        cell: ({ row }) =>
          row.original.id === session.operator.id ? (
            "You"
          ) : (
            <button
              type="button"
              className="console-button"
              onClick={() =>
                void change(
                  row.original,
                  { disabled: !row.original.disabled },
                  `${row.original.name} is ${row.original.disabled ? "enabled" : "disabled"}.`,
                )
              }
            >
              {row.original.disabled ? `Enable ${row.original.name}` : `Disable ${row.original.name}`}
            </button>
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
          <button
            type="button"
            className="console-button"
            aria-label={`End session: ${row.original.email}, signed in ${formatDateTime(row.original.created_at, timeZone)}`}
            onClick={async () => {
              const res = await consoleApi.send("DELETE", `/sessions/${row.original.id}`, undefined);
              setStatus(res.ok ? `The session of ${row.original.email} is ended.` : res.message);
              reload();
            }}
          >
            End session
          </button>
        ),
      },
    ],
    [timeZone, reload],
  );

  return (
    <>
      <h1>Operators</h1>
      <p role="status">{status}</p>
      <LoadState load={list} what="the operators" />
      {list.data ? (
        <>
          <DataTable caption="Operators" columns={operatorColumns} rows={list.data.operators} />
          <DataTable
            caption="Open sessions"
            columns={sessionColumns}
            rows={list.data.sessions}
            empty="No open sessions."
          />
        </>
      ) : null}
      {enrolment ? <Enrolment enrolment={enrolment} /> : null}
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
