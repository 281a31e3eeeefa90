import type { ConsoleData } from "./use-console-data.ts";

/**
 * What a screen shows of a read that is not (or no longer) there: "Loading…" only while it is on its way, and
 * once it fails, what could not be loaded and why (a refusal, a missing record, the rate limit, no connection)
 * with a way to try again. Nothing once the data is there. `showing` says whether the screen shows data of this
 * read already; by default whether the load holds any, but a screen that hides an earlier query's answer (another
 * month, another lead) while the next one is on its way passes false, so the wait still says "Loading…".
 */
export function LoadState({
  load,
  what,
  showing = load.data !== undefined,
}: {
  load: ConsoleData<unknown>;
  what: string;
  showing?: boolean;
}) {
  if (load.state === "failed")
    return (
      <div className="console-load-failed" role="alert">
        <p>
          Could not load {what}: {load.message}
        </p>
        <button type="button" className="console-button" onClick={load.reload}>
          Try again
        </button>
      </div>
    );
  if (load.state === "loading" && !showing) return <p aria-busy="true">Loading…</p>;
  return null;
}
