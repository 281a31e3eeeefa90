import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import { CallBodies } from "./call-bodies.tsx";
import { formatBody } from "./format-body.ts";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(cleanup);

type Call = Extract<LeadTimelineEvent, { kind: "ping" | "post" }>;
const call = (over: Partial<Call>): Call => ({
  kind: "ping",
  at: "2026-11-20T10:05:00.000Z",
  buyer: "lender-a",
  state: "bid",
  latency_ms: 120,
  price_cents: 4550,
  reason: null,
  http_status: 200,
  request: '{"state":"NY","amount":500}',
  response: '{"result":"accepted","price":45.5}',
  bodies_cleared_after_days: null,
  ...over,
});

describe("a lead's raw requests and answers", () => {
  it("folds each call in its own section, JSON indented, XML and forms as they were sent", () => {
    const xml = "<Lead><State>NY</State></Lead>";
    const { getAllByRole, container } = renderInConsole(
      <CallBodies
        events={[
          {
            kind: "decision",
            at: "2026-11-20T10:04:00.000Z",
            status: "accepted",
            reason: null,
            buyer: null,
            price_cents: null,
          },
          call({}),
          call({
            kind: "post",
            buyer: "lender-b",
            state: "rejected",
            request: "first_name=%5Bmasked%5D&state=NY",
            response: xml,
          }),
        ]}
        timeZone="UTC"
      />,
    );
    const sections = [...container.querySelectorAll("details")];
    expect(sections.map((d) => d.open)).toEqual([false, false]);
    expect(sections.map((d) => d.querySelector("summary")!.textContent)).toEqual([
      expect.stringMatching(/Ping to lender-a: bid, HTTP 200$/),
      expect.stringMatching(/Post to lender-b: rejected, HTTP 200$/),
    ]);
    const bodies = (d: HTMLElement) => [...d.querySelectorAll("pre")].map((pre) => pre.textContent);
    expect(bodies(sections[0]!)).toEqual([
      '{\n  "state": "NY",\n  "amount": 500\n}',
      '{\n  "result": "accepted",\n  "price": 45.5\n}',
    ]);
    expect(bodies(sections[1]!)).toEqual(["first_name=%5Bmasked%5D&state=NY", xml]);
    expect(getAllByRole("listitem")).toHaveLength(2);
    // Never a JSON text inside a JSON string.
    expect(container.textContent).not.toContain('\\"');
  });

  it("says when a call's bodies were cleared, and when no buyer was called", () => {
    const { container } = renderInConsole(
      <CallBodies events={[call({ request: null, response: null, bodies_cleared_after_days: 90 })]} timeZone="UTC" />,
    );
    expect(within(container.querySelector("details")!).getByText(/cleared after 90 days/).textContent).toBe(
      "Request and answer cleared after 90 days.",
    );
    cleanup();
    renderInConsole(<CallBodies events={[]} timeZone="UTC" />);
    expect(screen.getByText(/buyer was pinged/).textContent).toBe("No buyer was pinged or posted to.");
  });

  it("keeps text that only looks like JSON, such as an answer cut at its stored size, as it came", () => {
    expect(formatBody('{"result":"accep')).toBe('{"result":"accep');
    expect(formatBody("[1,2]")).toBe("[\n  1,\n  2\n]");
  });
});
