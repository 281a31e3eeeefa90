import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ScreeningSettings } from "#domain/screening/quality-checks.ts";
import { ConsoleSessionContext } from "../console-session.tsx";
import { consoleContextOf, renderInConsole } from "../console-screen.testing.tsx";
import { RulesSection } from "./rules-section.tsx";
import { SETTINGS, SETTINGS_API } from "./screening.testing.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Put = { status: number; body: unknown };

/** The server: the settings as saved, and what a PUT answers (by default, saved). */
function server(answerPut?: (settings: ScreeningSettings) => Put) {
  let saved = SETTINGS;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    expect(url).toBe(SETTINGS_API);
    if (init?.method === "PUT") {
      const settings = JSON.parse(init.body as string) as ScreeningSettings;
      const put = answerPut?.(settings);
      if (put) return Response.json(put.body, { status: put.status });
      saved = { settings, updated_at: "2026-03-10T09:00:00.000Z", updated_by: "owner@example.com" };
      return Response.json({ status: 200, message: "The gate's settings are saved.", data: saved });
    }
    return Response.json({ status: 200, message: "OK", data: saved });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const sent = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "PUT")
    .map(([, init]) => JSON.parse(init!.body as string) as ScreeningSettings);

function showRules(writer = true) {
  renderInConsole(
    <ConsoleSessionContext value={consoleContextOf("owner")}>
      <RulesSection writer={writer} />
    </ConsoleSessionContext>,
  );
}

const rulesTable = () => screen.findByRole("table", { name: "Refusal rules, first match wins" });
const input = (label: string) => screen.getByLabelText(label, { selector: "input, select" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const fieldset = (legend: string) => within(screen.getByRole("group", { name: legend }));
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save rules and limits" }));

/** Picks an answer of a rule (Mantine's dropdown stays display: none under happy-dom: the option is clicked as is). */
async function pickAnswer(rule: number, answer: string) {
  fireEvent.click(input(`Answers refused, rule ${rule}`));
  fireEvent.click(await screen.findByRole("option", { name: answer, hidden: true }));
}

describe("the gate's rules and limits", () => {
  it("shows the rules in order, who saved them, and keeps the list rules from being removed", async () => {
    server();
    showRules();
    const table = await rulesTable();
    expect(screen.getByText("Last saved by manager@example.com on Mar 9, 2026, 3:30 PM.")).toBeTruthy();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getAllByRole("cell")[1]!.textContent).toBe("Litigator lists");
    expect(within(rows[1]!).getAllByRole("cell")[1]!.textContent).toBe("Do-not-call lists");
    // The list rules: no remove button, their check and answers fixed, their reason code still a field.
    expect(within(rows[0]!).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(within(rows[1]!).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(within(rows[0]!).getByText("Always kept")).toBeTruthy();
    expect(within(rows[0]!).queryByRole("combobox")).toBeNull();
    expect(input("Reason code, rule 1").value).toBe("litigator");
    expect(input("Check, rule 3").value).toBe("velocity");
    expect(screen.getAllByRole("button", { name: /^Remove rule/ }).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Remove rule 3",
    ]);

    // Moved below the velocity rule, a list rule stays unremovable: the mark goes with the rule, not the place.
    fireEvent.click(screen.getByRole("button", { name: "Move rule 2 down" }));
    expect(screen.getAllByRole("button", { name: /^Remove rule/ }).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Remove rule 2",
    ]);
    expect(screen.getByText(/first that matches refuses the lead/)).toBeTruthy();
  });

  it("sends the rules and limits it shows, in their order, and shows them as saved", async () => {
    const fetch = server();
    showRules();
    await rulesTable();
    type("Reason code, rule 1", "tcpa_litigator");
    fireEvent.click(screen.getByRole("button", { name: "Move rule 3 up" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a rule" }));
    type("Check, rule 4", "phone_line_type");
    await pickAnswer(4, "voip");
    type("Reason code, rule 4", "voip_line");
    fireEvent.change(fieldset("Per device").getByLabelText("Most applications"), { target: { value: "30" } });
    fireEvent.change(fieldset("Per e-mail").getByLabelText("Window (minutes)"), { target: { value: "120" } });
    expect(fieldset("Per e-mail").getByText("At most 5 in 2 hours; one more is flagged.")).toBeTruthy();
    save();

    await waitFor(() => expect(sent(fetch)).toHaveLength(1));
    expect(sent(fetch)[0]).toEqual({
      rules: [
        { check: "litigator", answers: ["listed"], reason: "tcpa_litigator" },
        { check: "velocity", answers: ["flagged"], reason: "velocity" },
        { check: "do_not_call", answers: ["listed"], reason: "do_not_call" },
        { check: "phone_line_type", answers: ["voip"], reason: "voip_line" },
      ],
      velocity: {
        device: { limit: 30, windowMinutes: 60 },
        ip: { limit: 50, windowMinutes: 60 },
        phone: { limit: 5, windowMinutes: 1440 },
        email: { limit: 5, windowMinutes: 120 },
      },
    });
    expect((await screen.findByRole("status")).textContent).toBe("The gate's settings are saved.");
    await screen.findByText("Last saved by owner@example.com on Mar 10, 2026, 9:00 AM.");
    expect(input("Reason code, rule 4").value).toBe("voip_line");
  });

  it("shows the schema's messages on their fields and sends nothing while a rule is incomplete", async () => {
    const fetch = server();
    showRules();
    await rulesTable();
    fireEvent.click(screen.getByRole("button", { name: "Add a rule" }));
    type("Reason code, rule 2", "Not A Code");
    fireEvent.change(fieldset("Per phone").getByLabelText("Most applications"), { target: { value: "" } });
    save();
    await waitFor(() => expect(input("Reason code, rule 2").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("choose at least one answer")).toBeTruthy();
    expect(input("Answers refused, rule 4").getAttribute("aria-invalid")).toBe("true");
    expect(fieldset("Per phone").getByLabelText("Most applications").getAttribute("aria-invalid")).toBe("true");
    expect(fieldset("Per phone").getByText("must be a whole number")).toBeTruthy();
    expect(input("Reason code, rule 4").getAttribute("aria-invalid")).toBe("true");
    expect(input("Reason code, rule 1").getAttribute("aria-invalid")).toBeNull();
    expect(sent(fetch)).toEqual([]);
  });

  it("puts the server's field errors on their fields, and the rest above the button", async () => {
    server(() => ({
      status: 400,
      body: {
        status: 400,
        message: "Please correct the highlighted fields.",
        errors: {
          "rules.2.reason": "velocity is taken by another rule",
          "rules.2.answers.0": "velocity answers ok, flagged, unknown",
          "velocity.ip.windowMinutes": "must be a whole number of minutes from 1 to 44,640 (31 days)",
          rules: "a litigator list match is always refused: keep its rule",
        },
      },
    }));
    showRules();
    await rulesTable();
    save();
    await screen.findByText("velocity is taken by another rule");
    expect(input("Reason code, rule 3").getAttribute("aria-invalid")).toBe("true");
    expect(input("Answers refused, rule 3").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("velocity answers ok, flagged, unknown")).toBeTruthy();
    const ip = fieldset("Per IP address").getByLabelText("Window (minutes)");
    expect(ip.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("a litigator list match is always refused: keep its rule")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields.");
  });

  it("shows the rules and limits as tables to an operator who may not change them", async () => {
    const fetch = server();
    showRules(false);
    const rules = await screen.findByRole("table", {
      name: "Refusal rules, in order: the first that matches refuses the lead",
    });
    expect(
      within(rules)
        .getAllByRole("row")
        .slice(1)
        .map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent)),
    ).toEqual([
      ["1", "Litigator lists", "listed", "litigator"],
      ["2", "Do-not-call lists", "listed", "do_not_call"],
      ["3", "Velocity", "flagged", "velocity"],
    ]);
    const limits = screen.getByRole("table", { name: "Velocity limits: one application past the limit is flagged" });
    expect(
      within(limits)
        .getAllByRole("row")
        .slice(1)
        .map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent)),
    ).toEqual([
      ["Per device", "20", "1 hour"],
      ["Per IP address", "50", "1 hour"],
      ["Per phone", "5", "1 day"],
      ["Per e-mail", "5", "1 day"],
    ]);
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
