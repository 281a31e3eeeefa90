import { cleanup, render, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import { LeadTimelineList } from "./lead-timeline-list.tsx";

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
    request: { body: { state: "NY" } },
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
    const { getByRole } = render(<LeadTimelineList events={EVENTS} timeZone="UTC" />);
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

  it("says a call's request and answer were cleared, and after how many days, once the retention blanked them", () => {
    const cleared: LeadTimelineEvent = {
      kind: "post",
      at: "2026-08-01T10:05:00.000Z",
      buyer: "lender-a",
      state: "accepted",
      latency_ms: 340,
      price_cents: 4550,
      reason: null,
      http_status: 200,
      request: null,
      response: null,
      bodies_cleared_after_days: 90,
    };
    const { getByRole } = render(<LeadTimelineList events={[cleared]} timeZone="UTC" />);
    const item = within(getByRole("list")).getByRole("listitem");
    expect(item.textContent).toContain("Post to lender-a: accepted");
    expect(item.textContent).toContain("cleared after 90 days");
    expect(item.textContent).toContain("340 ms");
    expect(item.textContent).toContain("$45.50");
  });

  it("says so when nothing has happened", () => {
    const { getByText } = render(<LeadTimelineList events={[]} timeZone="UTC" />);
    expect(getByText("Nothing has happened to this lead yet.")).toBeTruthy();
  });
});
