import { Alert, Button, Code, Group, NativeSelect, Text, Title } from "@mantine/core";
import type {
  ConsoleStatement,
  StatementHead as SignedHead,
  StatementMonthState,
} from "#domain/contracts/console-statements.ts";
import { LoadState } from "../load-state.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ExportButton } from "../ui/export-button.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import type { ConsoleData } from "../use-console-data.ts";
import { monthChoices, monthName } from "./month-choices.ts";
import {
  BUYER_COLUMNS,
  PUBLISHER_COLUMNS,
  type BuyerStatement,
  type PublisherStatement,
} from "./statement-columns.tsx";

// A month's statements (docs/product/partners.md#statements): whether the month is closed, a table per kind with
// its totals and its CSV, and a print button; the page prints as the statement alone (statements.css). A closed
// month shows, and prints, the ledger's signed head at its close, so the partner holding the statement holds the
// head (docs/product/partners.md#signed-heads).

export type StatementsData = {
  month: string;
  state: StatementMonthState;
  closed_at: string | null;
  head: SignedHead | null;
  statements: ConsoleStatement[];
};

/** What the month's state says to the operator; a month with no statement shows no table and no CSV. */
function stateText(data: StatementsData): string {
  const name = monthName(data.month);
  switch (data.state) {
    case "not_started":
      return `Not started: ${name} has not begun, so there is nothing to show yet.`;
    case "open":
      return "Open: the month has not ended, and these figures grow until it does.";
    case "no_activity":
      return `No activity: no lead was sold or returned and no payout was earned, reversed or made final in ${name}, so it has no statement.`;
    case "closed":
      return `Closed${data.closed_at ? ` on ${new Date(data.closed_at).toISOString().slice(0, 10)}` : ""}: these statements never change. A later return goes on the next month.`;
  }
}

const STATE_COLORS: Record<StatementMonthState, string> = {
  not_started: "gray",
  open: "blue",
  no_activity: "gray",
  closed: "green",
};

const hasStatements = (state: StatementMonthState) => state === "open" || state === "closed";

/** Every row on one page: a statement is read, and printed, whole. */
const ALL_ROWS = 10_000;

export function StatementsView(props: {
  month: string;
  /** The month's statements; undefined while they are on their way (another month's are never shown). */
  data: StatementsData | undefined;
  load: ConsoleData<unknown>;
  onMonth: (month: string) => void;
}) {
  const { data, month } = props;
  const buyers = (data?.statements ?? []).filter((s): s is BuyerStatement => s.partner_kind === "buyer");
  const publishers = (data?.statements ?? []).filter((s): s is PublisherStatement => s.partner_kind === "publisher");
  return (
    <div className="statements">
      <PageHeader
        title={`Statements, ${monthName(month)}`}
        description="What each buyer owes and each publisher earned in the month, from the ledger."
        actions={
          <Group gap="sm" align="flex-end" className="statements-controls">
            <NativeSelect
              label="Month"
              data={monthChoices(month)}
              value={month}
              onChange={(event) => props.onMonth(event.currentTarget.value)}
            />
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        }
      />
      <LoadState load={props.load} what={`the statements of ${monthName(month)}`} showing={data !== undefined} />
      {data === undefined ? null : (
        <>
          <Alert className="statements-state" role="note" color={STATE_COLORS[data.state]} variant="light" mb="md">
            {stateText(data)}
          </Alert>
          {data.head ? (
            <Text size="sm" className="statements-head console-wrap" mb="md">
              Ledger head at the close: row {data.head.head.seq}, hash <Code>{data.head.head.hash}</Code>, issued{" "}
              {data.head.head.issued_at}, signed with key {data.head.key_id}: <Code>{data.head.signature}</Code>
            </Text>
          ) : null}
        </>
      )}
      {data !== undefined && hasStatements(data.state) ? (
        <>
          <StatementSection title="Buyers" month={data.month} kind="buyer" />
          <DataTable
            caption={`Buyers' statements, ${monthName(data.month)}`}
            columns={BUYER_COLUMNS}
            rows={buyers}
            pageSize={ALL_ROWS}
            empty={<EmptyState title="No buyer bought or returned a lead this month." />}
          />
          <StatementSection title="Publishers" month={data.month} kind="publisher" />
          <DataTable
            caption={`Publishers' statements, ${monthName(data.month)}`}
            columns={PUBLISHER_COLUMNS}
            rows={publishers}
            pageSize={ALL_ROWS}
            empty={<EmptyState title="No publisher earned a payout this month." />}
          />
        </>
      ) : null}
    </div>
  );
}

/** A kind's heading with its CSV: every statement of the kind for the month, as the table shows them. */
function StatementSection({ title, month, kind }: { title: string; month: string; kind: "buyer" | "publisher" }) {
  return (
    <Group justify="space-between" align="flex-end" mt="xl">
      <Title order={2} size="h3">
        {title}
      </Title>
      <div className="statements-csv">
        <ExportButton path="/statements.csv" query={{ month, kind }} label={`Export ${kind}s' CSV`} />
      </div>
    </Group>
  );
}
