import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleSessionContext, type ConsoleContext } from "../console-session.tsx";
import { monthIn } from "../time.ts";
import MyTrafficRoute from "./my-traffic-route.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context = (role: "publisher" | "manager"): ConsoleContext => ({
  session: {
    operator: { id: "o1", email: "p@example.com", name: "P", role },
    permissions: role === "publisher" ? ["publisher:self"] : ["buyers:read", "buyers:write"],
    csrf_token: "t",
    idle_minutes: 30,
    recovery_codes_low: false,
    time_zone: null,
  },
  timeZone: "UTC",
  setTimeZone: () => {},
  signOut: async () => {},
});

const zero = {
  clicks: 0,
  completed: 0,
  sold: 0,
  earned_cents: 0,
  pending_cents: 0,
  final_cents: 0,
  reversed_cents: 0,
  returns: 0,
};
const spring = { ...zero, clicks: 12, completed: 3, sold: 2, earned_cents: 1400, pending_cents: 700, final_cents: 700 };

describe("My traffic", () => {
  it("asks for the chosen month, shows it by day and by sub id, and links the month's CSV", async () => {
    const fetch = vi.fn(async (url: string) => {
      const month = new URL(url, "http://console.test").searchParams.get("month")!;
      return Response.json({
        status: 200,
        message: "ok",
        data: {
          publisher: { id: "acme", name: "Acme Media" },
          tracking_link: "https://loanpath.example/r/acme",
          month,
          totals: spring,
          by_day: [{ key: `${month}-03`, ...spring }],
          by_sub1: [{ key: "spring", ...spring }],
        },
      });
    });
    vi.stubGlobal("fetch", fetch);
    renderInConsole(
      <ConsoleSessionContext value={context("publisher")}>
        <MyTrafficRoute />
      </ConsoleSessionContext>,
    );
    // A month of the picker's list ten months back: the list runs back from the current month.
    const chosen = (screen.getByLabelText("Month (UTC)") as HTMLSelectElement).options[10]!.value;
    fireEvent.change(screen.getByLabelText("Month (UTC)"), { target: { value: chosen } });
    await waitFor(() => expect(screen.getByRole("table", { name: `By day, ${chosen}` })).toBeTruthy());
    expect(fetch.mock.calls.at(-1)![0]).toBe(`/api/console/my-traffic?month=${chosen}&tz=UTC`);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("My traffic: Acme Media");
    const bySub = screen.getByRole("table", { name: `By sub 1, ${chosen}` });
    expect(within(bySub).getByRole("columnheader", { name: /^Sub 1/ })).toBeTruthy();
    expect(within(bySub).getByText("spring")).toBeTruthy();
    const cellsOf = (row: Element) =>
      within(row as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(cellsOf(within(bySub).getAllByRole("row")[1]!)).toEqual([
      "spring",
      "12",
      "3",
      "2",
      "$14.00",
      "$7.00",
      "$7.00",
      "$0.00",
      "0",
    ]);
    expect(cellsOf(bySub.querySelector("tfoot tr")!)).toEqual([
      "Total",
      "12",
      "3",
      "2",
      "$14.00",
      "$7.00",
      "$7.00",
      "$0.00",
      "0",
    ]);
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    expect(screen.getByText("https://loanpath.example/r/acme").tagName).toBe("CODE");
    const copied = screen.getAllByRole("status").find((s) => s.parentElement?.className === "console-copy")!;
    expect(copied.textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Copy tracking link" }));
    await waitFor(() => expect(copied.textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith("https://loanpath.example/r/acme");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/api/console/my-traffic.csv?month=${chosen}&tz=UTC`,
    );
  });

  it("takes the month and its days in the header's time zone", async () => {
    const fetch = vi.fn(async (_url: string) =>
      Response.json({ status: 500, message: "Down for a moment." }, { status: 500 }),
    );
    vi.stubGlobal("fetch", fetch);
    renderInConsole(
      <ConsoleSessionContext value={{ ...context("publisher"), timeZone: "America/New_York" }}>
        <MyTrafficRoute />
      </ConsoleSessionContext>,
    );
    const month = monthIn("America/New_York");
    expect((screen.getByLabelText("Month (America/New_York)") as HTMLSelectElement).value).toBe(month);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe(`/api/console/my-traffic?month=${month}&tz=America%2FNew_York`);
  });
});
