import type { LedgerCheckResult } from "#domain/contracts/console-ledger.ts";
import { formatDateTime } from "../time.ts";

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
      <h1>Ledger</h1>
      <p>
        Every money event is a row of a hash-chained ledger. The check reads every row and recomputes its digest and its
        link to the row before, as a publisher checking a receipt would.
      </p>
      <p className="console-actions">
        <button
          type="button"
          className="console-button console-button--primary"
          disabled={props.running}
          onClick={props.onCheck}
        >
          {props.running ? "Checking…" : "Check the ledger"}
        </button>
      </p>
      {props.failed ? <p role="alert">{props.failed}</p> : null}
      {result === undefined ? null : result.broken === null ? (
        <p role="status">
          The chain holds: {result.rows} rows, head row {result.head.seq} ({result.head.hash.slice(0, 16)}…), checked{" "}
          {formatDateTime(result.checked_at, props.timeZone)}.
        </p>
      ) : (
        <p role="alert">
          The chain breaks at row {result.broken.seq}: {result.broken.problem}. The {result.rows} rows before it hold.
        </p>
      )}
      {result === undefined ? null : <HandedOutHeads result={result.handed_out} timeZone={props.timeZone} />}
    </>
  );
}

function HandedOutHeads(props: { result: LedgerCheckResult["handed_out"]; timeZone: string }) {
  const { checked, contradicted, contradicted_count: count } = props.result;
  if (count === 0)
    return (
      <p>
        {checked === 0
          ? "No signed head has been handed to a publisher yet: a chain rewritten to its head would pass this check."
          : `The chain passes through all ${checked} signed heads handed to publishers.`}
      </p>
    );
  return (
    <div role="alert">
      <p>
        The chain contradicts {count} of the {checked} signed heads handed to publishers: rows at or before row{" "}
        {contradicted[0]!.head.seq} were rewritten after the head was handed out.
      </p>
      <ul>
        {contradicted.map((c) => (
          <li key={`${c.publisher_id} ${c.handed_for}`}>
            Row {c.head.seq} ({c.head.hash.slice(0, 16)}…), handed to {c.publisher_id} on{" "}
            {formatDateTime(c.handed_at, props.timeZone)} ({c.channel}, {c.handed_for}): {c.problem}.
          </li>
        ))}
      </ul>
    </div>
  );
}
