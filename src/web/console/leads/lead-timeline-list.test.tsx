import { cleanup, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import { LeadTimelineList } from "./lead-timeline-list.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(cleanup);

const EVENTS: LeadTimelineEvent[] = [
  {
    kind: "step",
    at: "2026-11-20T10:00:00.000Z",
    step: 1,
    slug: "email",
    fields: ["email", "loan_amount"],
    values: { email: "j•••@example.com", loan_amount: 500 },
  },
  {
    kind: "consent",
    at: "2026-11-20T10:01:00.000Z",
    consent_kind: "tcpa",
    text_version: "v3",
    button: "Next",
    page_url: "/phone",
    certificate_url: "https://loanpath.example/consent/certificate/tok",
  },
  {
    kind: "ping",
    at: "2026-11-20T10:05:00.000Z",
    buyer: "lender-a",
    state: "bid",
    latency_ms: 120,
    price_cents: 4550,
    reason: null,
    http_status: 200,
    request: '{"state":"NY"}',
    response: '{"result":"accepted"}',
    bodies_cleared_after_days: null,
  },
  {
    kind: "decision",
    at: "2026-11-20T10:06:00.000Z",
    status: "accepted",
    reason: null,
    buyer: "lender-a",
    price_cents: 4550,
  },
];

describe("a lead's timeline", () => {
  it("lists the events in the order given, each with its time, what happened and its masked values", () => {
    const { getByRole } = renderInConsole(<LeadTimelineList events={EVENTS} timeZone="UTC" />);
    const items = within(getByRole("list")).getAllByRole("listitem");
    // Each heading: the time (its text is the browser's format), then what happened.
    const what = (item: HTMLElement) =>
      within(item).getByRole("heading").textContent!.slice(item.querySelector("time")!.textContent!.length).trim();
    expect(items.map(what)).toEqual([
      "Step saved: email",
      "Consent: tcpa",
      "Ping to lender-a: bid",
      "Decision: accepted",
    ]);
    expect(items[0]!.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-20T10:00:00.000Z");
    expect(items[0]!.textContent).toContain("j•••@example.com");
    expect(within(items[1]!).getByRole("link", { name: "Consent certificate" }).getAttribute("href")).toBe(
      "https://loanpath.example/consent/certificate/tok",
    );
    expect(items[2]!.textContent).toContain("120 ms");
    expect(items[2]!.textContent).toContain("$45.50");
  });

  it("gives a call's figures and leaves its request and answer to the folded section below the outcomes", () => {
    const post: LeadTimelineEvent = {
      kind: "post",
      at: "2026-08-01T10:05:00.000Z",
      buyer: "lender-a",
      state: "rejected",
      latency_ms: 340,
      price_cents: 4550,
      reason: "not in our area",
      http_status: 200,
      request: '{"ssn":"[masked]"}',
      response: '{"result":"rejected"}',
      bodies_cleared_after_days: null,
    };
    const { getByRole } = renderInConsole(<LeadTimelineList events={[post]} timeZone="UTC" />);
    const item = within(getByRole("list")).getByRole("listitem");
    expect(item.textContent).toContain("Post to lender-a: rejected");
    expect(item.textContent).toContain("340 ms");
    expect(item.textContent).toContain("not in our area");
    expect(item.textContent).not.toContain("[masked]");
    expect(item.textContent).not.toContain('"result"');
  });

  it("shows a posted lead's ping, its post with its tracking and masked consent, and what its publisher was answered", () => {
    const who = { publisher_id: "acme", publisher_name: "Acme Media" };
    const events: LeadTimelineEvent[] = [
      {
        kind: "publisher_ping",
        at: "2026-12-07T14:01:00.000Z",
        ...who,
        ping_id: "ping_Qm3xV8tN2kR9wZa4bC7dE1fG",
        test: false,
        fields: { loan_amount: 800, state: "NY" },
        payout_cents: 1200,
        expires_at: "2026-12-07T14:03:00.000Z",
        offers: [{ buyer: "lender-a", price_cents: 3000 }],
      },
      {
        kind: "publisher_post",
        at: "2026-12-07T14:02:00.000Z",
        ...who,
        test: true,
        ping_id: "ping_Qm3xV8tN2kR9wZa4bC7dE1fG",
        tracking: { aff_sub1: "camp-1", clickid: "clk-9" },
        consent: {
          text_version: "publisher acme",
          text_hash: "ab12",
          at: "2026-12-07T14:00:00.000Z",
          page_url: "https://loans.publisher.example/apply",
          ip: "2•••",
          trusted_form_cert_url: null,
          jornaya_leadid: null,
        },
      },
      {
        kind: "publisher_answer",
        at: "2026-12-07T14:02:01.000Z",
        ...who,
        answer: { status: "rejected", lead_id: "ld_1", reason: "no_buyer", test: true },
      },
    ];
    const { getByRole } = renderInConsole(<LeadTimelineList events={events} timeZone="UTC" />);
    const [ping, post, answer] = within(getByRole("list")).getAllByRole("listitem");
    expect(within(ping!).getByRole("heading").textContent).toContain("Pinged by Acme Media");
    expect(ping!.textContent).toContain("$12.00");
    expect(ping!.textContent).toContain("lender-a $30.00");
    expect(ping!.textContent).toContain("loan_amount800");
    expect(within(post!).getByRole("heading").textContent).toContain("Posted by Acme Media");
    expect(post!.textContent).toContain("aff_sub1camp-1");
    expect(post!.textContent).toContain("clickidclk-9");
    expect(post!.textContent).toContain("publisher acme (sha256 ab12)");
    expect(post!.textContent).toContain("Consent IP2•••");
    expect(post!.textContent).toContain("never sold, paid or counted");
    expect(within(answer!).getByRole("heading").textContent).toContain("Answered Acme Media: rejected");
    expect(answer!.textContent).toContain("Reason codeno_buyer");
  });

  it("shows the gate's record: the refusal, the time it took and each answer with its source and detail", () => {
    const checked: LeadTimelineEvent = {
      kind: "quality",
      at: "2026-12-08T09:30:00.250Z",
      checks: [
        { check: "phone_number", answer: "valid", source: "offline", at: "2026-12-08T09:30:00.010Z", detail: null },
        {
          check: "phone_line_type",
          answer: "voip",
          source: "twilio",
          at: "2026-12-08T09:30:00.120Z",
          detail: "Bandwidth",
        },
        {
          check: "litigator",
          answer: "listed",
          source: "lists",
          at: "2026-12-08T09:30:00.030Z",
          detail: "list: TCPA plaintiffs",
        },
      ],
      refused_reason: "litigator",
      ms: 238,
    };
    const { getByRole } = renderInConsole(<LeadTimelineList events={[checked]} timeZone="UTC" />);
    const item = within(getByRole("list")).getByRole("listitem");
    expect(within(item).getByRole("heading").textContent).toContain("Checked by the gate: refused (litigator)");
    const details = Object.fromEntries(
      [...item.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(details).toEqual({
      "Refused by the gate": "litigator",
      Took: "238 ms",
      "Phone number": "valid (offline)",
      "Line type": "voip (twilio: Bandwidth)",
      "Litigator lists": "listed (lists: list: TCPA plaintiffs)",
    });

    cleanup();
    const passed = renderInConsole(
      <LeadTimelineList events={[{ ...checked, checks: [], refused_reason: null }]} timeZone="UTC" />,
    );
    const heading = within(passed.getByRole("listitem")).getByRole("heading").textContent!;
    expect(heading.endsWith("Checked by the gate")).toBe(true);
    expect(passed.getByRole("listitem").textContent).not.toContain("Refused");
  });

  it("says so when nothing has happened", () => {
    const { container } = renderInConsole(<LeadTimelineList events={[]} timeZone="UTC" />);
    expect(container.querySelector("p")?.textContent).toBe("Nothing has happened to this lead yet.");
    expect(container.querySelector("ol")).toBeNull();
  });
});
