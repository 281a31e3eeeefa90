import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { permissionsOf, type OperatorRole } from "#domain/console/roles.ts";
import ConsoleLayout from "./console-layout.tsx";
import AuditRoute from "./audit/audit-route.tsx";
import OperatorsRoute from "./operators/operators-route.tsx";
import PrivacyQueueRoute from "./privacy/privacy-queue-route.tsx";
import ReturnsRoute from "./returns/returns-route.tsx";
import PublishersRoute from "./publishers/publishers-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  vi.restoreAllMocks();
});

const sessionOf = (role: OperatorRole) => ({
  operator: { id: "o1", email: `${role}@example.com`, name: `A ${role}`, role },
  permissions: permissionsOf(role),
  csrf_token: "t",
  idle_minutes: 30,
  recovery_codes_low: false,
});

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** The console at `address`, its server answering each API path as `answers` says (the session probe included). */
function open(address: string, answers: Record<string, Answer | Error>) {
  const fetch = vi.fn(async (url: string) => {
    const answer = answers[new URL(url, "http://console.test").pathname];
    if (answer instanceof Error) throw answer;
    if (!answer) return Response.json({ status: 404, message: "Not found" }, { status: 404 });
    return Response.json(answer.body ?? {}, { status: answer.status, headers: answer.headers });
  });
  vi.stubGlobal("fetch", fetch);
  const Stub = createRoutesStub([
    {
      path: "/console",
      Component: ConsoleLayout,
      children: [
        { path: "operators", Component: OperatorsRoute },
        { path: "audit", Component: AuditRoute },
        { path: "privacy-requests", Component: PrivacyQueueRoute },
        { path: "returns", Component: ReturnsRoute },
        { path: "publishers", Component: PublishersRoute },
        { path: "publishers/new", Component: () => <h1>Add a publisher</h1> },
      ],
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  return fetch;
}

const signedIn = (role: OperatorRole): Answer => ({
  status: 200,
  body: { status: 200, message: "ok", data: sessionOf(role) },
});
/** What every alert on screen says (a form's empty alert line among them). */
const alerts = () =>
  screen
    .queryAllByRole("alert")
    .map((alert) => alert.textContent)
    .filter(Boolean);
const requested = (fetch: ReturnType<typeof open>) => fetch.mock.calls.map(([url]) => url as string);

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
    open("/console/operators", {
      "/api/console/session": signedIn("owner"),
      "/api/console/operators": { status: 500, body: { status: 500, message: "Something went wrong on our side." } },
    });
    await waitFor(() =>
      expect(alerts()).toContain("Could not load the operators: Something went wrong on our side.Try again"),
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

  it.each([
    ["/console/audit", "/api/console/audit", "the audit log"],
    ["/console/privacy-requests", "/api/console/privacy-requests", "the privacy requests"],
    ["/console/returns", "/api/console/returns", "the returns"],
  ])("says so when %s cannot load its data", async (page, api, what) => {
    open(page, {
      "/api/console/session": signedIn("owner"),
      [api]: { status: 500, body: { status: 500, message: "Something went wrong on our side." } },
    });
    await waitFor(() =>
      expect(alerts()).toContain(`Could not load ${what}: Something went wrong on our side.Try again`),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });
});
