import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleHome } from "./console-home.tsx";
import { showScreen } from "./console-screen.testing.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the console's home for a role without reports", () => {
  it("shows a card linking to each part the role may use, and no other", async () => {
    showScreen("/console", ConsoleHome, {}, "compliance");
    const parts = await screen.findByRole("list", { name: "Parts of the console" });
    const links = within(parts).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/console/leads", "/console/privacy-requests"]);
    expect(links[1]!.textContent).toBe("Privacy requestsOpen privacy requests, soonest due first.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome, A compliance");
  });

  it("shows a publisher its own traffic", async () => {
    showScreen("/console", ConsoleHome, {}, "publisher");
    const parts = await screen.findByRole("list", { name: "Parts of the console" });
    expect(
      within(parts)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/console/my-traffic"]);
  });
});
