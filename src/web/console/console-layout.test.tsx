import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publisherListAnswer } from "#domain/contracts/console-publishers.ts";
import type { OperatorRole } from "#domain/console/roles.ts";
import ConsoleLayout from "./console-layout.tsx";
import { alertTexts as alerts, consoleContextOf, stubServer, type ServerAnswer } from "./console-screen.testing.tsx";
import { LoadState } from "./load-state.tsx";
import { useConsoleData } from "./use-console-data.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  vi.restoreAllMocks();
});

// Stand-ins for the areas' screens (the core imports none of them): one with a form, one that reads its data.
const Operators = () => <form aria-label="Add an operator" />;
function Publishers() {
  const list = useConsoleData("/publishers", publisherListAnswer);
  return <LoadState load={list} what="the publishers" />;
}

/** The console at `address`, its server answering each API path as `answers` says (the session probe included). */
function open(address: string, answers: Record<string, ServerAnswer>) {
  const fetch = stubServer(answers);
  const Stub = createRoutesStub([
    {
      path: "/console",
      Component: ConsoleLayout,
      children: [
        { path: "operators", Component: Operators },
        { path: "publishers", Component: Publishers },
        { path: "publishers/new", Component: () => <h1>Add a publisher</h1> },
        { path: "portal/leads/:id", Component: () => <h1>A lead</h1> },
      ],
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  return fetch;
}

const signedIn = (role: OperatorRole): ServerAnswer => ({
  status: 200,
  body: { status: 200, message: "ok", data: consoleContextOf(role).session },
});
const requested = (fetch: ReturnType<typeof open>) => fetch.mock.calls.map(([url]) => url);

describe("the console's layout", () => {
  it("shows an analyst who opens /console/operators by address that the role cannot see it: no form, no read", async () => {
    const fetch = open("/console/operators", { "/api/console/session": signedIn("analyst") });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Your role (analyst) cannot see this page."),
    );
    expect(screen.queryByRole("form", { name: "Add an operator" })).toBeNull();
    expect(screen.queryByText("Loading…")).toBeNull();
    expect(requested(fetch)).toEqual(["/api/console/session"]);
  });

  it("marks one part of the navigation as the page: the most specific, Leads on a lead under the portal", async () => {
    open("/console/portal/leads/ld_1", { "/api/console/session": signedIn("buyer") });
    expect(await screen.findByRole("heading", { level: 1, name: "A lead" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Console" });
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Overview",
      "Leads",
      "Returns",
      "Balance",
      "Invoices",
      "Change requests",
      "API keys",
    ]);
    expect([...nav.querySelectorAll("[aria-current=page]")].map((a) => a.textContent)).toEqual(["Leads"]);
  });

  it("keeps a page for writers from a role that only reads its part", async () => {
    const fetch = open("/console/publishers/new", { "/api/console/session": signedIn("owner") });
    expect(await screen.findByRole("heading", { level: 1, name: "Add a publisher" })).toBeTruthy();
    cleanup();
    fetch.mockClear();
    open("/console/publishers/new", { "/api/console/session": signedIn("analyst") });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Your role (analyst) cannot see this page."),
    );
    expect(screen.queryByRole("heading", { name: "Add a publisher" })).toBeNull();
  });

  it("says what failed when a screen's read is refused or cannot be made, never an endless Loading…", async () => {
    open("/console/publishers", {
      "/api/console/session": signedIn("owner"),
      "/api/console/publishers": { status: 500, body: { status: 500, message: "Something went wrong on our side." } },
    });
    await waitFor(() =>
      expect(alerts()).toContain("Could not load the publishers: Something went wrong on our side.Try again"),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
    cleanup();
    open("/console/publishers", {
      "/api/console/session": signedIn("manager"),
      "/api/console/publishers": new TypeError("Failed to fetch"),
    });
    await waitFor(() =>
      expect(alerts()).toContain(
        "Could not load the publishers: The server could not be reached. Check the connection and try again.Try again",
      ),
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("answers the rate limit with how long to wait, and signs no one out", async () => {
    open("/console/publishers", {
      "/api/console/session": signedIn("manager"),
      "/api/console/publishers": {
        status: 429,
        body: { status: 429, message: "Too many requests. Please wait a minute and try again." },
        headers: { "retry-after": "12" },
      },
    });
    await waitFor(() =>
      expect(alerts()).toContain(
        "Could not load the publishers: Too many requests — slow down and try again in 12 s.Try again",
      ),
    );
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Sign in" })).toBeNull();
  });

  it("does not show the sign-in form when the session probe itself meets the rate limit", async () => {
    open("/console/publishers", {
      "/api/console/session": { status: 429, body: { status: 429, message: "x" }, headers: { "retry-after": "7" } },
    });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Could not open the console: Too many requests — slow down and try again in 7 s.",
      ),
    );
    expect(screen.queryByRole("form", { name: "Sign in" })).toBeNull();
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("shows a browser in UTC as UTC in the time-zone picker, not the list's first zone", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: "Etc/UTC" };
    });
    open("/console/publishers", { "/api/console/session": signedIn("manager") });
    const picker = (await screen.findByLabelText("Time zone")) as HTMLSelectElement;
    expect(picker.value).toBe("UTC");
    expect(picker.selectedOptions[0]?.textContent).toBe("UTC");
    vi.restoreAllMocks();
  });

  it("reads the console in the zone kept on the account, and keeps a new choice there", async () => {
    localStorage.setItem("console.timeZone", "America/Los_Angeles");
    const session = { ...consoleContextOf("manager").session, time_zone: "America/Chicago" };
    const fetch = open("/console/publishers", {
      "/api/console/session": { status: 200, body: { status: 200, message: "ok", data: session } },
      "/api/console/session/time-zone": { status: 200, body: { status: 200, message: "Time zone saved." } },
    });
    const picker = (await screen.findByLabelText("Time zone")) as HTMLSelectElement;
    expect(picker.value).toBe("America/Chicago");
    fireEvent.change(picker, { target: { value: "Europe/London" } });
    await waitFor(() => expect(requested(fetch)).toContain("/api/console/session/time-zone"));
    const call = fetch.mock.calls.find(([url]) => url === "/api/console/session/time-zone")!;
    const init = (call as unknown as [string, RequestInit])[1];
    expect([init.method, JSON.parse(String(init.body))]).toEqual(["PUT", { time_zone: "Europe/London" }]);
    expect(localStorage.getItem("console.timeZone")).toBe("Europe/London");
  });
});
