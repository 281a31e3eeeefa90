import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleSessionContext, type ConsoleContext } from "../console-session.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";
import { ConsentTextsSection } from "./consent-texts-section.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context: ConsoleContext = {
  session: {
    operator: { id: "o1", email: "m@example.com", name: "M", role: "manager" },
    permissions: ["partners:read", "partners:write"],
    csrf_token: "t",
    idle_minutes: 30,
    recovery_codes_low: false,
    time_zone: null,
  },
  timeZone: "UTC",
  setTimeZone: () => {},
  signOut: async () => {},
};

const WORDS = "By pressing Apply I agree that lenders may call and text me, also by autodialer.";

describe("a publisher's consent texts", () => {
  it("registers words under a version, lists them, and shows a clash on the version field", async () => {
    const texts: { version: string; hash: string; text: string; created_at: string }[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe("/api/console/publishers/acme/consent-texts");
      if (init?.method === "POST") {
        const body = JSON.parse(init.body as string) as { version: string; text: string };
        if (texts.some((t) => t.version === body.version)) {
          return Response.json(
            { status: 409, message: "Taken.", errors: { version: "Another text has this version." } },
            { status: 409 },
          );
        }
        const row = { ...body, hash: "ab".repeat(32), created_at: "2026-12-07T10:00:00.000Z" };
        texts.push(row);
        return Response.json({ status: 201, message: "Registered.", data: { consent_text: row } }, { status: 201 });
      }
      return Response.json({ status: 200, message: "ok", data: { consent_texts: texts } });
    });
    vi.stubGlobal("fetch", fetch);
    renderInConsole(
      <ConsoleSessionContext value={context}>
        <ConsentTextsSection path="/publishers/acme" partnerName="Acme" writer />
      </ConsoleSessionContext>,
    );
    await screen.findByText("No consent texts yet.");
    const register = async (version: string) => {
      fireEvent.change(screen.getByLabelText(/^Version/), { target: { value: version } });
      fireEvent.change(screen.getByLabelText(/^Text the visitor agrees to/), { target: { value: WORDS } });
      fireEvent.click(screen.getByRole("button", { name: "Register the text" }));
    };
    await register("form-1");
    const table = await screen.findByRole("table", { name: "Consent texts of Acme, newest first" });
    await waitFor(() => expect(within(table).getByText(WORDS)).toBeTruthy());
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === "POST")!;
    expect(JSON.parse(init!.body as string)).toEqual({ version: "form-1", text: WORDS });

    await register("form-1");
    await screen.findByText("Another text has this version.");
    expect(screen.getByRole("status").textContent).toBe("Taken.");
  });
});
