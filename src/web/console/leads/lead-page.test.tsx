import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadTimeline } from "#domain/contracts/console-leads.ts";
import { expectLoadFailure, FAILED_READS, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import { formatDateTime } from "../time.ts";
import LeadPage from "./lead-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "ld_aaaaaaaaaaaaaaaaaaaaaa";
const ok = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });

const TIMELINE: LeadTimeline = {
  lead: {
    id: ID,
    created_at: "2026-03-10T15:00:00.000Z",
    updated_at: "2026-03-10T15:05:00.000Z",
    record_status: "in_progress",
    status: "sold",
    do_not_sell_at: null,
    fields: { loan_amount: 800, state: "TX", email: "j•••@example.com" },
    personal_fields: ["email"],
  },
  events: [
    {
      kind: "submission",
      at: "2026-03-10T15:01:00.000Z",
      test_mode: false,
      attribution: { utm_source: "bing", aff_id: "A9" },
      submission: {},
    },
    {
      kind: "post",
      at: "2026-03-10T15:02:00.000Z",
      buyer: "b1",
      state: "accepted",
      latency_ms: 120,
      price_cents: 5182,
      reason: null,
      http_status: 200,
      request: '{"a":1}',
      response: '{"ok":true}',
      bodies_cleared_after_days: null,
    },
    {
      kind: "decision",
      at: "2026-03-10T15:03:00.000Z",
      status: "accepted",
      reason: null,
      buyer: "b1",
      price_cents: 5182,
    },
  ],
  outcomes: [
    {
      buyer: "b1",
      outcome: "sold",
      detail: null,
      offered_cents: 5182,
      paid_cents: 5182,
      at: "2026-03-10T15:02:00.000Z",
    },
  ],
};

const ROW = {
  id: ID,
  created_at: TIMELINE.lead.created_at,
  status: "sold",
  amount: 800,
  state: "TX",
  buyer: "b1",
  price_cents: 5182,
  source: "bing",
  reason: null,
  publisher_id: "p1",
  publisher_name: "Pub One",
  buyer_ref: "BR-1",
};

function open(
  role: "compliance" | "manager",
  answers: Record<string, ServerAnswer> = {},
  address = `/console/leads/${ID}`,
) {
  return showScreen(
    "/console/leads/:id",
    LeadPage,
    {
      [`/api/console/leads/${ID}`]: ok(TIMELINE),
      "/api/console/leads": ok({ leads: [ROW], next_cursor: null, total: 1, total_capped: false }),
      ...answers,
    },
    role,
    { address, timeZone: "America/New_York" },
  );
}

/** The header's facts, label to value. */
async function facts() {
  await screen.findByText("Sold to b1 for $51.82.");
  const terms = document.querySelectorAll("dt");
  return Object.fromEntries([...terms].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
}

describe("a lead's page", () => {
  it.each([...FAILED_READS, { name: "a lead that is not there (404)", answer: undefined, says: "Not found" }])(
    "says what failed on $name, never an endless Loading…",
    async ({ answer, says }) => {
      showScreen("/console/leads/:id", LeadPage, answer ? { "/api/console/leads/ld_1": answer } : {}, "compliance", {
        address: "/console/leads/ld_1",
      });
      await expectLoadFailure("lead ld_1", says);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Lead ld_1");
    },
  );

  it("says what happened in its header: status, when, how much, where from, who bought it and for what", async () => {
    open("manager");
    expect(await facts()).toEqual({
      Created: formatDateTime(ROW.created_at, "America/New_York"),
      Amount: "$800",
      State: "TX",
      Source: "bing",
      Publisher: "Pub One",
      Buyer: "b1",
      "Sold for": "$51.82",
      "Buyer's reference": "BR-1",
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`Lead ${ID}`);
  });

  it("fills the header from the timeline when the lead's search row cannot be read", async () => {
    open("manager", { "/api/console/leads": { status: 500, body: { status: 500, message: "No" } } });
    const said = await facts();
    expect([said.Amount, said.State, said.Source, said.Publisher, said.Buyer, said["Sold for"]]).toEqual([
      "$800",
      "TX",
      "bing",
      "A9",
      "b1",
      "$51.82",
    ]);
    expect(said["Buyer's reference"]).toBe("—");
  });

  it("links a posted lead's publisher to its page", async () => {
    const posted: LeadTimeline = {
      ...TIMELINE,
      events: [
        ...TIMELINE.events,
        {
          kind: "publisher_post",
          at: "2026-03-10T15:01:00.000Z",
          publisher_id: "acme",
          publisher_name: "Acme Media",
          test: false,
          ping_id: null,
          tracking: {},
          consent: null,
        },
      ],
    };
    open("manager", { [`/api/console/leads/${ID}`]: ok(posted) });
    expect((await facts()).Publisher).toBe("Acme Media (posted)");
    expect(screen.getByRole("link", { name: "Acme Media (posted)" }).getAttribute("href")).toBe(
      "/console/publishers/acme",
    );
  });

  it("opens on the buyers' outcomes, with the timeline, the calls and the personal data behind tabs", async () => {
    open("manager");
    await facts();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => [tab.textContent?.replace(/\d+$/, ""), tab.getAttribute("aria-selected")])).toEqual([
      ["Buyers", "true"],
      ["Timeline", "false"],
      ["Calls", "false"],
      ["Personal data", "false"],
    ]);
    expect(screen.queryByRole("table", { name: "Every buyer's outcome" })).not.toBeNull();
    // The other tabs' content is not on the page until asked for: the page stays one screen tall.
    expect(screen.queryByText("Post to b1: accepted")).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Timeline" }));
    const timeline = await screen.findByRole("tabpanel");
    expect(within(timeline).queryByRole("heading", { name: "Timeline" })).not.toBeNull();
    expect(
      within(timeline)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toContain(`${formatDateTime("2026-03-10T15:02:00.000Z", "America/New_York")} Post to b1: accepted`);
    expect(screen.queryByRole("table", { name: "Every buyer's outcome" })).toBeNull();

    fireEvent.click(screen.getByRole("tab", { name: "Calls" }));
    const calls = await screen.findByRole("tabpanel");
    expect(calls.querySelector("details summary")?.textContent).toContain("Post to b1: accepted, HTTP 200");
  });

  it("says a refusal by the gate above the tabs, and shows the gate's answers under Quality", async () => {
    const refused: LeadTimeline = {
      ...TIMELINE,
      lead: { ...TIMELINE.lead, status: "rejected" },
      events: [
        TIMELINE.events[0]!,
        {
          kind: "quality",
          at: "2026-03-10T15:01:01.000Z",
          checks: [
            { check: "phone_number", answer: "valid", source: "offline", at: "2026-03-10T15:01:00.500Z", detail: null },
            {
              check: "litigator",
              answer: "listed",
              source: "lists",
              at: "2026-03-10T15:01:00.600Z",
              detail: "list: TCPA plaintiffs",
            },
          ],
          refused_reason: "litigator",
          ms: 212,
        },
        {
          kind: "decision",
          at: "2026-03-10T15:01:02.000Z",
          status: "rejected",
          reason: "screened: litigator",
          buyer: null,
          price_cents: null,
        },
      ],
      outcomes: [],
    };
    open("manager", {
      [`/api/console/leads/${ID}`]: ok(refused),
      "/api/console/leads": ok({ leads: [], next_cursor: null, total: 0, total_capped: false }),
    });
    const note = await screen.findByRole("note");
    expect(note.textContent).toBe("Refused by the gate: litigator");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent?.replace(/\d+$/, ""))).toEqual([
      "Buyers",
      "Quality",
      "Timeline",
      "Calls",
      "Personal data",
    ]);

    fireEvent.click(screen.getByRole("tab", { name: "Quality" }));
    const table = await screen.findByRole("table", { name: "Quality" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Check", "Answer", "Source", "Detail"],
      ["Phone number", "valid", "offline", ""],
      ["Litigator lists", "listed", "lists", "list: TCPA plaintiffs"],
    ]);
    expect(screen.getByRole("tabpanel").textContent).toContain("in 212 ms");
    // The refusal stays said whatever tab is open.
    expect(screen.getByRole("note").textContent).toBe("Refused by the gate: litigator");
  });

  it("shows nothing of the gate for a lead it never checked, even asked for its Quality tab", async () => {
    open("manager", {}, `/console/leads/${ID}?tab=quality`);
    await facts();
    expect(screen.queryByRole("tab", { name: "Quality" })).toBeNull();
    expect(screen.getByRole("tab", { name: "Buyers" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/Refused by the gate/)).toBeNull();
  });

  it("keeps the tab in the address, so a reload shows the same one", async () => {
    open("manager", {}, `/console/leads/${ID}?tab=calls`);
    await facts();
    expect(screen.getByRole("tab", { name: "Calls" }).getAttribute("aria-selected")).toBe("true");
  });

  it("reveals personal data with a reason for a role that may, and only masked for one that may not", async () => {
    const fetch = open("compliance", {
      [`/api/console/leads/${ID}/reveal`]: ok({ fields: { email: "jo@example.com" } }),
    });
    await facts();
    fireEvent.click(screen.getByRole("tab", { name: "Personal data" }));
    const masked = await screen.findByRole("table", { name: "The lead's answers, personal ones masked" });
    expect(within(masked).getByRole("rowheader", { name: "email" }).nextElementSibling?.textContent).toBe(
      "j•••@example.com",
    );
    fireEvent.change(screen.getByLabelText(/Why do you need it\?/), {
      target: { value: "The person asked for a copy." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reveal personal data" }));
    const shown = await screen.findByRole("table", { name: "Personal data" });
    expect(within(shown).getByRole("rowheader", { name: "email" }).nextElementSibling?.textContent).toBe(
      "jo@example.com",
    );
    const reveal = fetch.mock.calls.find(([url]) => String(url).endsWith("/reveal")) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(reveal[1].body))).toEqual({ reason: "The person asked for a copy." });

    cleanup();
    open("manager");
    await facts();
    fireEvent.click(screen.getByRole("tab", { name: "Personal data" }));
    await screen.findByRole("table", { name: "The lead's answers, personal ones masked" });
    expect(screen.queryByRole("button", { name: "Reveal personal data" })).toBeNull();
  });

  it("says the reveal's reason is wanted at the reason box", async () => {
    const message = "Say why you need this person's data (at least 10 characters).";
    open("compliance", {
      [`/api/console/leads/${ID}/reveal`]: {
        status: 400,
        body: { status: 400, message: "Please correct the highlighted fields.", errors: { reason: message } },
      },
    });
    await facts();
    fireEvent.click(screen.getByRole("tab", { name: "Personal data" }));
    const box = await screen.findByLabelText(/Why do you need it\?/);
    fireEvent.change(box, { target: { value: "because I want it" } });
    fireEvent.click(screen.getByRole("button", { name: "Reveal personal data" }));
    await waitFor(() => expect(box.getAttribute("aria-invalid")).toBe("true"));
    const said = box
      .getAttribute("aria-describedby")
      ?.split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain(message);
  });
});
