import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import BuyersRoute from "./buyers-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none = { status: 200, body: { status: 200, message: "OK", data: { buyers: [], since: "2026-12-06T00:00:00Z" } } };

describe("the Buyers list", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/buyers", BuyersRoute, { "/api/console/buyers": answer }, "manager");
    await expectLoadFailure("the buyers", says);
  });

  it("says there is no buyer yet and offers to add one, in the header and in the empty state", async () => {
    showScreen("/console/buyers", BuyersRoute, { "/api/console/buyers": none }, "owner");
    const empty = await screen.findByRole("status");
    expect(empty.textContent).toContain("No buyers yet");
    const adds = screen.getAllByRole("link", { name: "Add buyer" });
    expect(adds.map((link) => link.getAttribute("href"))).toEqual(["/console/buyers/new", "/console/buyers/new"]);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Buyers");
  });

  it("offers no Add buyer to a role that may not change buyers", async () => {
    showScreen("/console/buyers", BuyersRoute, { "/api/console/buyers": none }, "analyst");
    expect((await screen.findByRole("status")).textContent).toContain("No buyers yet");
    expect(screen.queryByRole("link", { name: "Add buyer" })).toBeNull();
  });
});
