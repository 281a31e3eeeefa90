import type { LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import { formatDateTime } from "../time.ts";
import { formatBody } from "./format-body.ts";

// The raw requests and answers of a lead's pings and posts, each folded in its own <details> under the outcomes
// table: bodies formatted (format-body.ts), personal values as the auction masked them.

type Call = Extract<LeadTimelineEvent, { kind: "ping" | "post" }>;

const isCall = (event: LeadTimelineEvent): event is Call => event.kind === "ping" || event.kind === "post";

function Body({ label, text }: { label: string; text: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{text === null || text === "" ? "(none)" : <pre>{formatBody(text)}</pre>}</dd>
    </>
  );
}

export function CallBodies({ events, timeZone }: { events: readonly LeadTimelineEvent[]; timeZone: string }) {
  const calls = events.filter(isCall);
  if (calls.length === 0) return <p>No buyer was pinged or posted to.</p>;
  return (
    <ul className="call-bodies">
      {calls.map((call, index) => (
        <li key={index}>
          <details>
            <summary>
              <time dateTime={call.at}>{formatDateTime(call.at, timeZone)}</time>{" "}
              {call.kind === "ping" ? "Ping" : "Post"} to {call.buyer}: {call.state}
              {call.http_status === null ? "" : `, HTTP ${call.http_status}`}
            </summary>
            {call.bodies_cleared_after_days === null ? (
              <dl>
                <Body label="Request" text={call.request} />
                <Body label="Answer" text={call.response} />
              </dl>
            ) : (
              <p>Request and answer cleared after {call.bodies_cleared_after_days} days.</p>
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}
