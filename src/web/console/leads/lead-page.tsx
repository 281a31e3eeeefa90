import { useEffect, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { leadTimelineAnswer, revealAnswer, type LeadTimeline } from "#domain/contracts/console-leads.ts";
import type { ConsoleSession } from "#domain/contracts/console.ts";
import { formatDateTime, getJson, loadSession, postJson, type Failure } from "./leads-api.ts";
import { LeadTimelineList } from "./lead-timeline-list.tsx";

// /console/leads/:id: the lead's fields (personal ones masked) and its timeline; with `leads:reveal`, a form
// that asks why and then shows the personal data in clear (the server audits each reveal).

function RevealForm({ leadId, csrf }: { leadId: string; csrf: string }) {
  const [failure, setFailure] = useState<Failure | undefined>();
  const [revealed, setRevealed] = useState<Record<string, unknown> | undefined>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    const result = await postJson(`/api/console/leads/${leadId}/reveal`, { reason }, revealAnswer, csrf);
    setFailure(result.ok ? undefined : result.failure);
    setRevealed(result.ok ? result.data.fields : undefined);
  }
  const error = failure?.errors?.reason;
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
        {failure && !error && <p role="alert">{failure.message}</p>}
        <button type="submit">Reveal personal data</button>
      </form>
      {revealed && (
        <dl aria-label="Personal data">
          {Object.entries(revealed).map(([field, value]) => (
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
  const [timeline, setTimeline] = useState<LeadTimeline | undefined>();
  const [session, setSession] = useState<ConsoleSession | undefined>();
  const [failure, setFailure] = useState<Failure | undefined>();

  useEffect(() => {
    let live = true;
    void getJson(`/api/console/leads/${encodeURIComponent(id)}`, leadTimelineAnswer).then((result) => {
      if (!live) return;
      setTimeline(result.ok ? result.data : undefined);
      setFailure(result.ok ? undefined : result.failure);
    });
    void loadSession().then((s) => live && setSession(s));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <main>
      <p>
        <Link to="/console/leads">All leads</Link>
      </p>
      <h1>Lead {id}</h1>
      {failure && <p role="alert">{failure.message}</p>}
      {timeline && (
        <>
          <p>
            Status: {timeline.lead.status.replace("_", " ")}. Created {formatDateTime(timeline.lead.created_at)}.
          </p>
          <h2>Answers</h2>
          <dl>
            {Object.entries(timeline.lead.fields)
              .filter(([, value]) => value !== null && value !== "")
              .map(([field, value]) => (
                <div key={field}>
                  <dt>{field}</dt>
                  <dd>{String(value)}</dd>
                </div>
              ))}
          </dl>
          <h2>Timeline</h2>
          <LeadTimelineList events={timeline.events} />
          {session?.permissions.includes("leads:reveal") && <RevealForm leadId={id} csrf={session.csrf_token} />}
        </>
      )}
    </main>
  );
}
