import type { LedgerCheckResult } from "#domain/contracts/console-ledger.ts";
import { formatDateTime } from "../time.ts";

// What the ledger check found (docs/product/partners.md#the-ledger): the chain whole up to its head, or the first
// row where it breaks.
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
    </>
  );
}
