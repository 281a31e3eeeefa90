import { Anchor, Stack, Title } from "@mantine/core";
import type { CSSProperties } from "react";
import type { LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import { CHECK_LABELS } from "#domain/screening/quality-checks.ts";
import { formatDateTime } from "../time.ts";
import { answerText } from "./lead-quality.tsx";
import { dollars as money } from "./money.ts";

// A lead's timeline as an ordered list, oldest first, as the server answers it (personal values masked there).

/** An event's details as two columns of label and value, a line each, so a long timeline stays readable. */
const DETAILS: CSSProperties = {
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: "0 var(--mantine-spacing-md)",
  margin: "var(--mantine-spacing-xs) 0 0",
  fontSize: "var(--mantine-font-size-sm)",
  overflowWrap: "anywhere",
};

function Detail({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined || value === "") return null;
  const text =
    typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : JSON.stringify(value);
  return (
    <>
      <dt>{label}</dt>
      <dd style={{ margin: 0 }}>{text}</dd>
    </>
  );
}

function title(event: LeadTimelineEvent): string {
  switch (event.kind) {
    case "step":
      return `Step saved: ${event.slug ?? "?"}`;
    case "consent":
      return `Consent: ${event.consent_kind}`;
    case "submission":
      return "Application sent";
    case "ping":
    case "post":
      return `${event.kind === "ping" ? "Ping" : "Post"} to ${event.buyer}: ${event.state}`;
    case "quality":
      return `Checked by the gate${event.refused_reason === null ? "" : `: refused (${event.refused_reason})`}`;
    case "decision":
      return `Decision: ${event.status}`;
    case "redirect":
      return "Sent on to the lender";
    case "publisher_ping":
      return `Pinged by ${event.publisher_name}`;
    case "publisher_post":
      return `Posted by ${event.publisher_name}`;
    case "publisher_answer":
      return `Answered ${event.publisher_name}: ${event.answer.status}`;
    case "privacy_request":
      return `Privacy request ${event.reference}: ${event.request_type ?? event.request_kind}`;
    case "marketing":
      return `Marketing list ${event.list_key}: ${event.status}`;
    case "mail":
      return `Mail (${event.purpose}): ${event.status}`;
  }
}

function Details({ event, timeZone }: { event: LeadTimelineEvent; timeZone: string }) {
  switch (event.kind) {
    case "step":
      return (
        <dl style={DETAILS}>
          {event.fields.map((field) => (
            <Detail key={field} label={field} value={event.values[field] ?? "(cleared)"} />
          ))}
        </dl>
      );
    case "consent":
      return (
        <dl style={DETAILS}>
          <Detail label="Text version" value={event.text_version} />
          <Detail label="Button" value={event.button} />
          <Detail label="Page" value={event.page_url} />
          <dt>Certificate</dt>
          <dd style={{ margin: 0 }}>
            <Anchor href={event.certificate_url} target="_blank" rel="noreferrer" size="sm">
              Consent certificate
            </Anchor>
          </dd>
        </dl>
      );
    case "submission":
      return (
        <dl style={DETAILS}>
          <Detail label="Test" value={event.test_mode ? "yes" : null} />
          <Detail label="Attribution" value={event.attribution} />
          <Detail label="Submission" value={event.submission} />
        </dl>
      );
    case "ping":
    case "post":
      return (
        <dl style={DETAILS}>
          <Detail label="Latency" value={event.latency_ms === null ? null : `${event.latency_ms} ms`} />
          <Detail label="Price" value={money(event.price_cents)} />
          <Detail label="Reason" value={event.reason} />
          <Detail label="HTTP status" value={event.http_status} />
          {/* Its request and answer are under "Requests and answers" (call-bodies.tsx), folded and formatted. */}
        </dl>
      );
    case "quality":
      return (
        <dl style={DETAILS}>
          <Detail label="Refused by the gate" value={event.refused_reason} />
          <Detail label="Took" value={`${event.ms} ms`} />
          {event.checks.map((row) => (
            <Detail key={row.check} label={CHECK_LABELS[row.check]} value={answerText(row)} />
          ))}
        </dl>
      );
    case "decision":
      return (
        <dl style={DETAILS}>
          <Detail label="Buyer" value={event.buyer} />
          <Detail label="Price" value={money(event.price_cents)} />
          <Detail label="Reason" value={event.reason} />
        </dl>
      );
    case "redirect":
      return <dl style={DETAILS}>{<Detail label="Buyer" value={event.buyer} />}</dl>;
    case "publisher_ping":
      return (
        <dl style={DETAILS}>
          <Detail label="Ping id" value={event.ping_id} />
          <Detail label="Test" value={event.test ? "yes" : null} />
          <Detail label="Payout offered" value={money(event.payout_cents) ?? "none (no buyer bid)"} />
          <Detail label="Expires" value={formatDateTime(event.expires_at, timeZone)} />
          <Detail
            label="Bids"
            value={event.offers.map((offer) => `${offer.buyer} ${money(offer.price_cents)}`).join(", ")}
          />
          {Object.entries(event.fields).map(([field, value]) => (
            <Detail key={field} label={field} value={value} />
          ))}
        </dl>
      );
    case "publisher_post": {
      const { consent } = event;
      return (
        <dl style={DETAILS}>
          <Detail label="Test" value={event.test ? "yes (never sold, paid or counted)" : null} />
          <Detail label="Ping id" value={event.ping_id} />
          {Object.entries(event.tracking).map(([key, value]) => (
            <Detail key={key} label={key} value={value} />
          ))}
          {consent ? (
            <>
              <Detail label="Consent text" value={`${consent.text_version} (sha256 ${consent.text_hash})`} />
              <Detail label="Consent given" value={formatDateTime(consent.at, timeZone)} />
              <Detail label="Consent page" value={consent.page_url} />
              <Detail label="Consent IP" value={consent.ip} />
              <Detail label="TrustedForm" value={consent.trusted_form_cert_url} />
              <Detail label="Jornaya" value={consent.jornaya_leadid} />
            </>
          ) : (
            <Detail label="Consent" value="none recorded" />
          )}
        </dl>
      );
    }
    case "publisher_answer": {
      const { answer } = event;
      return (
        <dl style={DETAILS}>
          <Detail label="Status" value={answer.status} />
          {answer.status === "sold" ? (
            <>
              <Detail label="Payout" value={money(answer.payout_cents)} />
              <Detail label="Redirect" value={answer.redirect_url} />
            </>
          ) : null}
          {answer.status === "rejected" ? <Detail label="Reason code" value={answer.reason} /> : null}
          {answer.status === "pending" ? <Detail label="Status address" value={answer.status_url} /> : null}
          <Detail label="Test" value={answer.test ? "yes" : null} />
        </dl>
      );
    }
    case "privacy_request":
      return (
        <dl style={DETAILS}>
          <Detail label="Status" value={event.status} />
          <Detail label="Due" value={event.due_at && formatDateTime(event.due_at, timeZone)} />
          <Detail label="Completed" value={event.completed_at && formatDateTime(event.completed_at, timeZone)} />
        </dl>
      );
    case "marketing":
      return (
        <dl style={DETAILS}>
          <Detail label="Attempts" value={event.attempts} />
          <Detail label="Done" value={event.done_at && formatDateTime(event.done_at, timeZone)} />
        </dl>
      );
    case "mail":
      return (
        <dl style={DETAILS}>
          <Detail label="Subject" value={event.subject} />
          <Detail label="Sent" value={event.sent_at && formatDateTime(event.sent_at, timeZone)} />
        </dl>
      );
  }
}

/** `timeZone`: the operator's (useConsole), passed in so the list renders outside the layout too. */
export function LeadTimelineList({ events, timeZone }: { events: readonly LeadTimelineEvent[]; timeZone: string }) {
  if (events.length === 0) return <p>Nothing has happened to this lead yet.</p>;
  return (
    <Stack component="ol" className="lead-timeline" gap="md" m={0} pl="lg">
      {events.map((event, index) => (
        <li key={index}>
          <Title order={3} size="sm" fw={600}>
            <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time> {title(event)}
          </Title>
          <Details event={event} timeZone={timeZone} />
        </li>
      ))}
    </Stack>
  );
}
