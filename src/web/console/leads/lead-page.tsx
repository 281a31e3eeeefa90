import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { leadTimelineAnswer, revealAnswer, type LeadTimeline } from "#domain/contracts/console-leads.ts";
import { consoleApi, type ConsoleResult } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { formatDateTime } from "../time.ts";
import { useConsoleData } from "../use-console-data.ts";
import { BuyerOutcomesTable } from "./buyer-outcomes-table.tsx";
import { CallBodies } from "./call-bodies.tsx";
import { LeadTimelineList } from "./lead-timeline-list.tsx";
import { dollars } from "./money.ts";

export function meta() {
  return [{ title: consoleTitle("Lead") }];
}

// /console/leads/:id: first why the lead went where it went, every buyer's outcome in one table, with the raw
// requests and answers folded below it; then the lead's fields (personal ones masked) and its timeline; with
// `leads:reveal`, a form that asks why and then shows the personal data in clear (the server audits each reveal).

/** The auction's decision in a sentence, from its timeline; undefined before one is made. */
function decisionText(events: LeadTimeline["events"]): string | undefined {
  const decision = events.find((event) => event.kind === "decision");
  if (!decision) return undefined;
  if (decision.status === "accepted") {
    const price = dollars(decision.price_cents);
    return `Sold to ${decision.buyer ?? "?"}${price ? ` for ${price}` : ""}.`;
  }
  return `Not sold: ${decision.reason ?? decision.status}.`;
}

function RevealForm({ leadId }: { leadId: string }) {
  const [result, setResult] = useState<ConsoleResult<{ fields: Record<string, unknown> }> | undefined>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    setResult(await consoleApi.send("POST", `/leads/${encodeURIComponent(leadId)}/reveal`, { reason }, revealAnswer));
  }
  const error = result && !result.ok ? result.errors.reason : undefined;
  return (
    <section aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">Reveal personal data</h2>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          Why do you need it?
          <textarea
            name="reason"
            required
            minLength={10}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "reason-error" : undefined}
          />
        </label>
        {error && <p id="reason-error">{error}</p>}
        {result && !result.ok && !error && <p role="alert">{result.message}</p>}
        <button type="submit">Reveal personal data</button>
      </form>
      {result?.ok && (
        <dl aria-label="Personal data">
          {Object.entries(result.data.fields).map(([field, value]) => (
            <div key={field}>
              <dt>{field}</dt>
              <dd>{value === null ? "" : String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default function LeadPage() {
  const { id = "" } = useParams();
  const { can, timeZone } = useConsole();
  const timeline = useConsoleData(`/leads/${encodeURIComponent(id)}`, leadTimelineAnswer);
  // Only this lead's timeline: the one opened before stays off screen while this one is on its way.
  const lead = timeline.state === "ready" ? timeline.data : undefined;
  const decision = lead && decisionText(lead.events);

  return (
    <>
      <p>
        <Link to="/console/leads">All leads</Link>
      </p>
      <h1>Lead {id}</h1>
      <LoadState load={timeline} what={`lead ${id}`} showing={lead !== undefined} />
      {lead && (
        <>
          <p>
            Status: {lead.lead.status.replace("_", " ")}. Created {formatDateTime(lead.lead.created_at, timeZone)}.
          </p>
          <h2>Buyers</h2>
          {decision && <p>{decision}</p>}
          <BuyerOutcomesTable outcomes={lead.outcomes} timeZone={timeZone} />
          <h2>Requests and answers</h2>
          <CallBodies events={lead.events} timeZone={timeZone} />
          <h2>Answers</h2>
          <dl>
            {Object.entries(lead.lead.fields)
              .filter(([, value]) => value !== null && value !== "")
              .map(([field, value]) => (
                <div key={field}>
                  <dt>{field}</dt>
                  <dd>{String(value)}</dd>
                </div>
              ))}
          </dl>
          <h2>Timeline</h2>
          <LeadTimelineList events={lead.events} timeZone={timeZone} />
          {can("leads:reveal") && <RevealForm leadId={id} />}
        </>
      )}
    </>
  );
}
