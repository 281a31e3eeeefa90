import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertTexts, serverError, showScreen } from "../console-screen.testing.tsx";
import OperatorsRoute from "./operators-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown, status = 200) => ({ status, body: { status, message: "ok", data } });
const OWNER = {
  id: "o1",
  email: "owner@example.com",
  name: "A owner",
  role: "owner",
  publisher_id: null,
  buyer_id: null,
  disabled: false,
  recovery_codes_left: 10,
  created_at: "2026-01-01T00:00:00.000Z",
};
const ANA = { ...OWNER, id: "o2", email: "ana@example.com", name: "Ana Lyst", role: "analyst", recovery_codes_left: 2 };
const SESSION = {
  id: "s1",
  operator_id: "o1",
  email: "owner@example.com",
  ip: "127.0.0.1",
  user_agent: "Firefox",
  created_at: "2026-12-01T08:00:00.000Z",
  last_seen_at: "2026-12-01T09:00:00.000Z",
};
const ENROLMENT = {
  operator: ANA,
  password: "correct horse battery",
  totp_uri: "otpauth://totp/Loanpath%20console:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Loanpath%20console",
  totp_secret: "JBSWY3DPEHPK3PXP",
  recovery_codes: ["aaaa-1111", "bbbb-2222", "cccc-3333"],
};

describe("the operators page", () => {
  it("says what failed when the operators cannot be read, never an endless Loading…", async () => {
    showScreen("/console/operators", OperatorsRoute, { "/api/console/operators": serverError });
    await waitFor(() =>
      expect(alertTexts()).toContain("Could not load the operators: Something went wrong on our side.Try again"),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("lists the accounts with their status and few recovery codes flagged, and leads to the form from its header", async () => {
    showScreen("/console/operators", OperatorsRoute, {
      "/api/console/operators": ok({ operators: [OWNER, ANA], sessions: [SESSION] }),
    });
    const table = await screen.findByRole("table", { name: "Operators" });
    const ana = within(table).getAllByRole("row")[2]!;
    expect(within(ana).getByText("2 left").closest(".mantine-Badge-root")).not.toBeNull();
    expect(within(ana).getByText("Active").closest(".mantine-Badge-root")).not.toBeNull();
    expect((within(ana).getByLabelText("Role of Ana Lyst") as HTMLSelectElement).value).toBe("analyst");
    const add = screen.getByRole("link", { name: "Add operator" });
    const form = screen.getByRole("form", { name: "Add an operator" });
    expect(add.getAttribute("href")).toBe(`#${form.id}`);
    expect(within(screen.getByRole("table", { name: "Open sessions" })).getByText("Firefox").tagName).toBe("TD");
  });

  it("shows a new account's key beside its QR code and its recovery codes, once", async () => {
    const fetch = showScreen("/console/operators", OperatorsRoute, {
      "/api/console/operators": ok({ operators: [OWNER], sessions: [SESSION] }),
    });
    const form = await screen.findByRole("form", { name: "Add an operator" });
    fetch.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === "POST"
        ? Response.json({ status: 201, message: "Added.", data: ENROLMENT }, { status: 201 })
        : Response.json({ status: 200, message: "ok", data: { operators: [OWNER, ANA], sessions: [SESSION] } }),
    );
    fireEvent.change(within(form).getByLabelText("E-mail"), { target: { value: "ana@example.com" } });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Ana Lyst" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add operator" }));
    const enrolment = await screen.findByRole("region", { name: "Give these to Ana Lyst, once" });
    const codes = [...enrolment.querySelectorAll("dd code")].map((code) => code.textContent);
    expect(codes.slice(0, 2)).toEqual([ENROLMENT.password, ENROLMENT.totp_secret]);
    expect(within(enrolment).getByRole("img", { name: /^QR code of the authenticator address for ana@/ }).tagName).toBe(
      "svg",
    );
    const recovery = within(enrolment).getByRole("list", { name: "Recovery codes" });
    expect(
      within(recovery)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(ENROLMENT.recovery_codes);
    await waitFor(() =>
      expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Ana Lyst is added."),
    );
  });
});
