import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublisherForm } from "./publisher-form.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillValid() {
  type("Id", "acme");
  type("Name", "Acme Media");
  type("aff_id", "A100");
  type("Payout", "$7.00");
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the publisher form", () => {
  it("shows publisherSettingsSchema's messages on their fields, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<PublisherForm onSaved={() => {}} />);
    fillValid();
    type("Id", "Acme!");
    type("Payout rule", "revenue_share");
    type("Payout", "150%");
    type("Postback address", "ftp://acme.example/pb?e={email}");
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(field("Id").getAttribute("aria-invalid")).toBe("true"));
    expect(
      screen.getByText("Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter or digit."),
    ).toBeTruthy();
    expect(field("Payout").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("A share is at most 100%.")).toBeTruthy();
    expect(field("Postback address").getAttribute("aria-invalid")).toBe("true");
    expect(field("Name").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the settings as the server takes them and hands back the secret shown once", async () => {
    const publisher = {
      id: "acme",
      name: "Acme Media",
      aff_id: "A100",
      payout_kind: "per_sold",
      payout_amount: 700,
      hold_days: 30,
      postback_url: null,
      enabled: true,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    };
    const fetch = vi.fn(async () =>
      answer(201, { status: 201, message: "Publisher added.", data: { publisher, postback_secret: "s3cret" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const onSaved = vi.fn();
    renderInConsole(<PublisherForm onSaved={onSaved} />);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/console/publishers");
    expect(JSON.parse(init.body as string)).toEqual({
      id: "acme",
      name: "Acme Media",
      aff_id: "A100",
      payout_kind: "per_sold",
      payout_amount: 700,
      hold_days: 30,
      postback_url: null,
      enabled: true,
      posted_min_payout_cents: null,
      posted_min_margin_cents: null,
      posted_cap_hourly: null,
      posted_cap_daily: null,
      posted_cap_monthly: null,
      time_zone: "America/New_York",
    });
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ postbackSecret: "s3cret", message: "Publisher added." });
  });

  it("puts the server's field errors on the fields", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        answer(400, {
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { aff_id: "Another publisher's links carry this aff_id." },
        }),
      ),
    );
    renderInConsole(<PublisherForm onSaved={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(field("aff_id").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Another publisher's links carry this aff_id.")).toBeTruthy();
  });

  it("takes the payout in dollars or percent and sends cents or basis points; says what to type otherwise", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(400, { status: 400, message: "x", errors: {} }),
    );
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<PublisherForm onSaved={() => {}} />);
    fillValid();
    const sent = async (kind: string, payout: string) => {
      fetch.mockClear();
      type("Payout rule", kind);
      type("Payout", payout);
      fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      return JSON.parse(fetch.mock.calls[0]![1].body as string).payout_amount as number;
    };
    expect(await sent("per_sold", "$7.50")).toBe(750);
    expect(await sent("per_completed", "1,200")).toBe(120_000);
    expect(await sent("per_sold", "0.29")).toBe(29);
    expect(await sent("revenue_share", "12.5%")).toBe(1250);
    expect(await sent("revenue_share", "25")).toBe(2500);

    fetch.mockClear();
    type("Payout rule", "per_sold");
    type("Payout", "7.505");
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    expect(await screen.findByText("Enter dollars and cents, e.g. $7.50.")).toBeTruthy();
    type("Payout rule", "revenue_share");
    type("Payout", "12.5.1%");
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    expect(await screen.findByText("Enter a percentage with at most two decimals, e.g. 12.5%.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a stored payout in dollars or percent, the stored values unchanged", () => {
    const stored = {
      id: "acme",
      name: "Acme Media",
      aff_id: "A100",
      payout_kind: "per_sold" as const,
      payout_amount: 750,
      hold_days: 30,
      postback_url: null,
      enabled: true,
    };
    renderInConsole(<PublisherForm publisher={stored} onSaved={() => {}} />);
    expect(field("Payout").value).toBe("7.50");
    cleanup();
    renderInConsole(
      <PublisherForm publisher={{ ...stored, payout_kind: "revenue_share", payout_amount: 1250 }} onSaved={() => {}} />,
    );
    expect(field("Payout").value).toBe("12.5");
  });

  it("sends the posted-lead terms: minimums in cents from dollars, whole-number caps, the zone; empty is no limit", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(400, { status: 400, message: "x", errors: {} }),
    );
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<PublisherForm onSaved={() => {}} />);
    const terms = screen.getByRole("group", { name: "Posted leads" });
    expect(terms.getAttribute("aria-describedby")).toBe(
      screen.getByText(/Leave a field empty for no limit/).getAttribute("id"),
    );
    expect(within(terms).getByLabelText("Minimum payout")).toBeTruthy();
    fillValid();
    type("Minimum payout", "$5.50");
    type("Loanpath's minimum margin", "2");
    type("Hourly cap", "20");
    type("Monthly cap", " 5000 ");
    type("Time zone", "America/Phoenix");
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toMatchObject({
      posted_min_payout_cents: 550,
      posted_min_margin_cents: 200,
      posted_cap_hourly: 20,
      posted_cap_daily: null,
      posted_cap_monthly: 5000,
      time_zone: "America/Phoenix",
    });
  });

  it("says what to type in a term it cannot read, or that the schema refuses, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<PublisherForm onSaved={() => {}} />);
    fillValid();
    type("Minimum payout", "five");
    type("Hourly cap", "lots");
    type("Daily cap", "2.5");
    type("Monthly cap", "-1");
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(field("Minimum payout").getAttribute("aria-invalid")).toBe("true"));
    const messageOf = (label: string) =>
      document.getElementById(
        field(label)
          .getAttribute("aria-describedby")!
          .split(" ")
          .find((id) => id.includes("error"))!,
      )?.textContent;
    expect(messageOf("Minimum payout")).toBe("Enter dollars and cents, e.g. $7.50.");
    expect(messageOf("Hourly cap")).toBe("Enter a whole number of leads.");
    expect(messageOf("Daily cap")).toBe("Enter a whole number of leads.");
    expect(messageOf("Monthly cap")).toBe("A cap cannot be negative.");
    expect(field("Loanpath's minimum margin").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // Its labels, descriptions and messages as a screen reader meets them.
    const results = await axe.run(screen.getByRole("group", { name: "Posted leads" }), {
      rules: { "color-contrast": { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("shows stored terms in dollars and whole numbers, and keeps a zone set outside the list", () => {
    renderInConsole(
      <PublisherForm
        publisher={{
          id: "acme",
          name: "Acme Media",
          aff_id: "A100",
          payout_kind: "per_sold",
          payout_amount: 750,
          hold_days: 30,
          postback_url: null,
          enabled: true,
          posted_min_payout_cents: 500,
          posted_min_margin_cents: null,
          posted_cap_hourly: null,
          posted_cap_daily: 300,
          posted_cap_monthly: null,
          time_zone: "Europe/London",
        }}
        onSaved={() => {}}
      />,
    );
    expect(field("Minimum payout").value).toBe("5.00");
    expect(field("Loanpath's minimum margin").value).toBe("");
    expect(field("Daily cap").value).toBe("300");
    expect(field("Hourly cap").value).toBe("");
    expect(field("Time zone").value).toBe("Europe/London");
    expect(within(field("Time zone")).getByRole("option", { name: "Central (America/Chicago)" })).toBeTruthy();
  });
});
