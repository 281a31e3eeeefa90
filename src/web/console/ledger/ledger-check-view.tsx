import { Alert, Button, Code, List, Text } from "@mantine/core";
import type { LedgerCheckResult } from "#domain/contracts/console-ledger.ts";
import { formatDateTime } from "../time.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";

// What the ledger check found (docs/product/partners.md#the-ledger): the chain whole up to its head, or the first
// row where it breaks; then the signed heads handed to publishers that the chain no longer passes through
// (docs/product/partners.md#signed-heads), each named with its publisher and date.
export function LedgerCheckView(props: {
  result: LedgerCheckResult | undefined;
  running: boolean;
  failed?: string;
  timeZone: string;
  onCheck: () => void;
}) {
  const { result } = props;
  return (
    <>
      <PageHeader
        title="Ledger"
        description="Whether the hash-chained ledger of every money event is whole, row by row, as a publisher checking a receipt would see it."
        actions={
          <Button loading={props.running} disabled={props.running} onClick={props.onCheck}>
            {props.running ? "Checking…" : "Check the ledger"}
          </Button>
        }
      />
      {props.failed ? (
        <Alert color="red" variant="light" mb="md">
          Could not check the ledger: {props.failed}
        </Alert>
      ) : null}
      {result === undefined ? (
        props.running || props.failed ? null : (
          <EmptyState
            title="Not checked yet."
            hint="The check reads every row and recomputes its digest and its link to the row before; on a large ledger it takes a while."
          />
        )
      ) : result.broken === null ? (
        <Alert color="green" variant="light" role="status" mb="md">
          The chain holds: {result.rows} rows, head row {result.head.seq} (<Code>{result.head.hash.slice(0, 16)}…</Code>
          ), checked {formatDateTime(result.checked_at, props.timeZone)}.
        </Alert>
      ) : (
        <Alert color="red" variant="light" mb="md">
          The chain breaks at row {result.broken.seq}: {result.broken.problem}. The {result.rows} rows before it hold.
        </Alert>
      )}
      {result === undefined ? null : <HandedOutHeads result={result.handed_out} timeZone={props.timeZone} />}
    </>
  );
}

function HandedOutHeads(props: { result: LedgerCheckResult["handed_out"]; timeZone: string }) {
  const { checked, contradicted, contradicted_count: count } = props.result;
  if (count === 0)
    return (
      <Text size="sm" c="dimmed">
        {checked === 0
          ? "No signed head has been handed to a publisher yet: a chain rewritten to its head would pass this check."
          : `The chain passes through all ${checked} signed heads handed to publishers.`}
      </Text>
    );
  return (
    <Alert color="red" variant="light">
      <Text size="sm" mb="xs">
        The chain contradicts {count} of the {checked} signed heads handed to publishers: rows at or before row{" "}
        {contradicted[0]!.head.seq} were rewritten after the head was handed out.
      </Text>
      <List size="sm" spacing="xs">
        {contradicted.map((c) => (
          <List.Item key={`${c.publisher_id} ${c.handed_for}`}>
            Row {c.head.seq} ({c.head.hash.slice(0, 16)}…), handed to {c.publisher_id} on{" "}
            {formatDateTime(c.handed_at, props.timeZone)} ({c.channel}, {c.handed_for}): {c.problem}.
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
