import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MASKED_SECRET } from "#domain/buyers/buyer-secrets.ts";
import { QUALITY_FIELDS } from "#domain/screening/quality-checks.ts";
import { BuyerForm } from "./buyer-form.tsx";
import { fieldOf } from "./buyer-form-schema.ts";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = (name = "Save as a new version") => fireEvent.click(screen.getByRole("button", { name }));

const CONFIG = {
  id: "acme",
  name: "Acme",
  enabled: true,
  kind: "lead_buyer",
  mode: "ping_post",
  protocol: "json",
  ping: {
    url: "https://acme.example/ping",
    headers: { "X-Api-Key": MASKED_SECRET },
    fields: [{ to: "state", from: "state" }],
    answer: { success: { path: "ok", equals: [true] } },
  },
  post: {
    url: "https://acme.example/post",
    fields: [{ to: "email", from: "email" }],
    answer: { success: { path: "ok", equals: [true] } },
  },
  pricing: { kind: "bid" },
  testMode: "both",
  caps: { daily: 50 },
  shadow: false,
};

/** A save the server takes, answering `version`; the request's body is read from the returned mock. */
function savingServer(version = 4) {
  const fetch = vi.fn(async () =>
    Response.json({ status: 200, message: "Buyer saved.", data: { id: "acme", version } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const sentConfig = (fetch: ReturnType<typeof savingServer>) =>
  JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).config;

describe("the buyer form", () => {
  it("shows the buyer schema's own messages on the fields, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<BuyerForm onSaved={() => {}} />);
    type("Id", "Acme Leads");
    type("Name", "Acme");
    type("Post address", "ftp://acme.example/post");
    save("Add buyer");
    await waitFor(() => expect(field("Post address").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("must be an http:// or https:// URL")).toBeTruthy();
    expect(screen.getByText("must be lower-case letters, digits, - or _")).toBeTruthy();
    expect(field("Name").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the schema's refinements too: a ping/post buyer needs a ping", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const { ping: _ping, ...withoutPing } = CONFIG;
    renderInConsole(<BuyerForm config={withoutPing} onSaved={() => {}} />);
    save();
    await waitFor(() => expect(field("Ping address").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("ping/post needs a ping")).toBeTruthy();
  });

  it("sends an edit with the masked credential as shown, for the server to keep", async () => {
    const fetch = savingServer();
    const saved = vi.fn();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={saved} />);
    type("Name", "Acme Lending");
    save();
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ id: "acme", version: 4, message: "Buyer saved." }));
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe("/api/console/buyers/acme");
    expect(sentConfig(fetch)).toEqual({ ...CONFIG, name: "Acme Lending" });
  });

  it("takes the filters' option sets and ranges as lists and numbers", async () => {
    const fetch = savingServer();
    const config = {
      ...CONFIG,
      filters: { states: ["CA", "TX"], creditScores: ["GOOD"], loanAmount: { min: 200 }, directDepositOnly: true },
    };
    renderInConsole(<BuyerForm config={config} onSaved={() => {}} />);
    const states = screen.getByRole("combobox", { name: "States" }).closest(".mantine-InputWrapper-root")!;
    expect(states.textContent).toContain("California");
    expect(states.textContent).toContain("Texas");
    expect(field("Loan amount from").value).toBe("$200");
    type("Loan amount to", "1000");
    type("Minimum monthly income (dollars)", "1500");
    fireEvent.change(field("Active military"), { target: { value: "no" } });
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).filters).toEqual({
      states: ["CA", "TX"],
      creditScores: ["GOOD"],
      loanAmount: { min: 200, max: 1000 },
      minMonthlyIncome: 1500,
      directDepositOnly: true,
      military: false,
    });
  });
});

describe("the buyer form's publisher list", () => {
  const section = () => screen.getByRole("region", { name: "Publishers" });
  const mode = (value: string) => fireEvent.change(field("Publisher list"), { target: { value } });
  const addRow = () => fireEvent.click(screen.getByRole("button", { name: "Add a publisher" }));

  it("saves a deny list typed row by row, a blank sub id meaning every sub id", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    expect(screen.queryByRole("button", { name: "Add a publisher" })).toBeNull();
    mode("deny");
    expect(within(section()).getByText("No publisher listed yet: nothing is refused.")).toBeTruthy();
    addRow();
    expect(document.activeElement).toBe(field("Publisher aff_id, row 1"));
    type("Publisher aff_id, row 1", " cheapclicks ");
    addRow();
    type("Publisher aff_id, row 2", "mixed");
    type("Sub id, row 2", "spam");
    addRow();
    type("Publisher aff_id, row 3", "removed");
    fireEvent.click(screen.getByRole("button", { name: "Remove publisher row 3" }));
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).filters).toEqual({
      publishers: { mode: "deny", entries: [{ affId: "cheapclicks" }, { affId: "mixed", subId: "spam" }] },
    });
  });

  it("shows a stored allow list with the console's publishers named, and drops it when set to no list", async () => {
    const fetch = savingServer();
    const allow = { mode: "allow", entries: [{ affId: "pub-7" }, { affId: "other", subId: "s1" }] };
    renderInConsole(
      <BuyerForm
        config={{ ...CONFIG, filters: { publishers: allow } }}
        publishers={[{ aff_id: "pub-7", name: "Seven Media" }]}
        onSaved={() => {}}
      />,
    );
    expect(field("Publisher list").value).toBe("allow");
    expect(screen.getByRole("table", { name: "Publishers allowed" })).toBeTruthy();
    expect(field("Publisher aff_id, row 1").value).toBe("pub-7");
    expect(within(section()).getByText("Seven Media")).toBeTruthy();
    const suggestions = document.getElementById(field("Publisher aff_id, row 1").getAttribute("list")!)!;
    expect([...suggestions.querySelectorAll("option")].map((o) => [o.value, o.getAttribute("label")])).toEqual([
      ["pub-7", "Seven Media"],
    ]);
    expect(field("Sub id, row 2").value).toBe("s1");
    mode("");
    expect(screen.queryByRole("table", { name: "Publishers allowed" })).toBeNull();
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).filters).toEqual({});
  });

  it("puts the schema's messages on the row at fault: an entry listed twice, a value the tracking would not keep", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    mode("deny");
    for (const [row, affId, subId] of [
      [1, "pub-1", "a"],
      [2, "pub-1", "a"],
      [3, "pub-2", "<script>"],
    ] as const) {
      addRow();
      type(`Publisher aff_id, row ${row}`, affId);
      type(`Sub id, row ${row}`, subId);
    }
    save();
    await waitFor(() => expect(field("Publisher aff_id, row 2").getAttribute("aria-invalid")).toBe("true"));
    expect(within(section()).getByText("is listed twice (same sub id)")).toBeTruthy();
    expect(field("Sub id, row 3").getAttribute("aria-invalid")).toBe("true");
    expect(field("Publisher aff_id, row 1").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("has labels a screen reader can use (axe)", async () => {
    renderInConsole(<BuyerForm config={CONFIG} publishers={[{ aff_id: "pub-7", name: "Seven" }]} onSaved={() => {}} />);
    mode("allow");
    addRow();
    addRow();
    const results = await axe.run(section(), { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

describe("the buyer form's lead quality", () => {
  const section = () => screen.getByRole("region", { name: "Lead quality" });
  const box = (label: string) => within(section()).getByRole("checkbox", { name: label }) as HTMLInputElement;
  const lineTypes = () => within(section()).getByRole("combobox", { name: "Line types" });
  /** The line types' list, opened (its options: jsdom never ends the dropdown's transition, so they stay hidden). */
  const lineTypeList = async () => {
    if (lineTypes().getAttribute("aria-expanded") !== "true") fireEvent.click(lineTypes());
    await waitFor(() => expect(lineTypes().getAttribute("aria-expanded")).toBe("true"));
    return document.getElementById(lineTypes().getAttribute("aria-controls")!)!;
  };
  const pick = async (label: string) =>
    fireEvent.click(within(await lineTypeList()).getByRole("option", { name: label, hidden: true }));

  it("offers the line types by name and every demand, the unknown answer passing unless unticked", async () => {
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    const options = within(await lineTypeList()).getAllByRole("option", { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(["Mobile", "Landline", "VoIP", "Toll-free", "Other"]);
    expect(options.map((o) => o.getAttribute("value"))).toEqual(["mobile", "landline", "voip", "toll_free", "other"]);
    expect(within(section()).getAllByRole("checkbox")).toHaveLength(7);
    expect(box("E-mail's domain receives mail").checked).toBe(false);
    expect(box("A lead whose answer is unknown passes").checked).toBe(true);
  });

  it("leaves filters.quality unset when the section is untouched", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    type("Name", "Acme Lending");
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch)).not.toHaveProperty("filters");
  });

  it("saves the line types chosen and the demands ticked as filters.quality", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    await pick("Mobile");
    await pick("VoIP");
    fireEvent.click(box("E-mail's domain receives mail"));
    fireEvent.click(box("Not flagged for velocity"));
    fireEvent.click(box("A lead whose answer is unknown passes"));
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).filters).toEqual({
      quality: {
        phoneLineTypes: ["mobile", "voip"],
        emailDeliverable: true,
        noVelocityFlag: true,
        unknownPasses: false,
      },
    });
  });

  it("shows a stored filter in its controls and gives it back as stored, or drops a demand unticked", async () => {
    const fetch = savingServer();
    const quality = { phoneLineTypes: ["landline"], noRoleEmail: true, certificateVerified: true, unknownPasses: true };
    renderInConsole(<BuyerForm config={{ ...CONFIG, filters: { quality } }} onSaved={() => {}} />);
    expect(
      within(section()).getByRole("combobox", { name: "Line types" }).closest(".mantine-InputWrapper-root")!
        .textContent,
    ).toContain("Landline");
    expect(box("No role mailbox (info@, admin@)").checked).toBe(true);
    expect(box("Consent certificate verified").checked).toBe(true);
    expect(box("No disposable e-mail").checked).toBe(false);
    fireEvent.click(box("Consent certificate verified"));
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).filters).toEqual({
      quality: { phoneLineTypes: ["landline"], noRoleEmail: true, unknownPasses: true },
    });
  });

  it("is checked by the JSON view's schema: a line type it does not know is refused on the JSON and on the form", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole("tab", { name: "Advanced JSON" }));
    const json = screen.getByLabelText("Configuration (JSON)") as HTMLTextAreaElement;
    fireEvent.change(json, {
      target: { value: JSON.stringify({ ...CONFIG, filters: { quality: { phoneLineTypes: ["fax"] } } }) },
    });
    save();
    await waitFor(() => expect(json.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(/^filters\.quality\.phoneLineTypes\.0: /)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    // The server answers the same paths: its message lands on the section's control.
    expect(fieldOf("config.filters.quality.phoneLineTypes.0", "m")).toEqual({
      name: "config.filters.quality.phoneLineTypes",
      message: "0: m",
    });
    expect(fieldOf("config.filters.quality", "m")).toEqual({
      name: "config.filters.quality.phoneLineTypes",
      message: "m",
    });
    expect(fieldOf("config.filters.quality.noRoleEmail", "m")).toEqual({
      name: "config.filters.quality.noRoleEmail",
      message: "m",
    });
  });

  it("has labels a screen reader can use (axe)", async () => {
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    const results = await axe.run(section(), { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

describe("the server's refusal", () => {
  it("puts each of its messages on the control that holds the value, and says why it refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            status: 400,
            message: "Check the fields marked.",
            errors: {
              "config.post.fields.1.value": "a masked value with none stored",
              "config.ping.headers.X-Api-Key": "a masked value with none stored",
            },
          },
          { status: 400 },
        ),
      ),
    );
    const fields = [...CONFIG.post.fields, { to: "api_key", value: MASKED_SECRET }];
    renderInConsole(<BuyerForm config={{ ...CONFIG, post: { ...CONFIG.post, fields } }} onSaved={() => {}} />);
    expect(field("Fixed value, post row 2").value).toBe(MASKED_SECRET);
    save();
    await waitFor(() => expect(field("Fixed value, post row 2").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("X-Api-Key: a masked value with none stored")).toBeTruthy();
    expect(field("Ping headers").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Check the fields marked.");
  });
});

describe("the buyer form's returns", () => {
  it("shows the window and cap, sends them as numbers, and shows the schema's limit on its field", async () => {
    const fetch = savingServer(5);
    renderInConsole(
      <BuyerForm config={{ ...CONFIG, returns: { window_days: 7, cap_percent: 10 } }} onSaved={() => {}} />,
    );
    expect(field("Return window (days)").value).toBe("7");
    expect(field("Return cap (%)").value).toBe("10");
    type("Return window (days)", "61");
    save();
    await waitFor(() => expect(field("Return window (days)").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("must be 0 to 60 days")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    type("Return window (days)", "14");
    type("Return cap (%)", "5");
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).returns).toEqual({ window_days: 14, cap_percent: 5 });
  });
});

describe("the opening hours grid", () => {
  const cell = (name: string) => screen.getByRole("button", { name });

  it("shows a stored schedule as its cells, a part hour as mixed, in the buyer's zone", () => {
    renderInConsole(
      <BuyerForm
        config={{
          ...CONFIG,
          timeZone: "America/Chicago",
          schedule: { mon: [["09:30", "11:00"]], sat: [["22:00", "24:00"]] },
        }}
        onSaved={() => {}}
      />,
    );
    expect(screen.getByRole("grid", { name: "Opening hours, America/Chicago" })).toBeTruthy();
    expect(cell("Monday 08:00–09:00").getAttribute("aria-pressed")).toBe("false");
    expect(cell("Monday 09:00–10:00").getAttribute("aria-pressed")).toBe("mixed");
    expect(cell("Monday 10:00–11:00").getAttribute("aria-pressed")).toBe("true");
    expect(cell("Monday 11:00–12:00").getAttribute("aria-pressed")).toBe("false");
    expect(cell("Saturday 23:00–24:00").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("row", { name: /^Monday/ }).textContent).toContain("09:30–11:00");
    expect(screen.getByRole("row", { name: /^Tuesday/ }).textContent).toContain("Closed");
  });

  it("saves the cells toggled as the schema's ranges, with the helpers' copies and clears", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    expect(screen.queryByRole("grid")).toBeNull();
    fireEvent.click(screen.getByRole("switch", { name: /^Open only at set hours/ }));
    for (const hour of ["09:00–10:00", "10:00–11:00", "13:00–14:00"]) fireEvent.click(cell(`Monday ${hour}`));
    expect(cell("Monday 10:00–11:00").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Copy Monday to weekdays" }));
    fireEvent.click(cell("Sunday 23:00–24:00"));
    fireEvent.click(screen.getByRole("button", { name: "Clear Wednesday" }));
    fireEvent.click(cell("Friday 13:00–14:00"));
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const nineToEleven = ["09:00", "11:00"];
    expect(sentConfig(fetch).schedule).toEqual({
      mon: [nineToEleven, ["13:00", "14:00"]],
      tue: [nineToEleven, ["13:00", "14:00"]],
      thu: [nineToEleven, ["13:00", "14:00"]],
      fri: [nineToEleven],
      sun: [["23:00", "24:00"]],
    });
  });

  it("moves between cells with the arrows, one Tab stop for the grid", () => {
    renderInConsole(<BuyerForm config={{ ...CONFIG, schedule: {} }} onSaved={() => {}} />);
    const grid = screen.getByRole("grid");
    expect(grid.querySelectorAll("[tabindex='0']")).toHaveLength(1);
    const start = cell("Monday 09:00–10:00");
    start.focus();
    fireEvent.keyDown(start, { key: "ArrowDown" });
    expect(document.activeElement).toBe(cell("Tuesday 09:00–10:00"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(cell("Tuesday 10:00–11:00"));
    expect(screen.getByText("No hours set: the buyer gets no leads until some are.")).toBeTruthy();
  });
});

describe("the field mapping table", () => {
  const preview = (call: "Ping" | "Post") =>
    screen.getByRole("region", { name: `${call} request preview` }).querySelector("pre, code")!.textContent ?? "";

  it("builds the preview for the sample lead from the rows, as they are added, changed and ordered", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    expect(JSON.parse(preview("Post"))).toEqual({ email: "test.applicant@example.com" });
    expect(JSON.parse(preview("Ping"))).toEqual({ state: "NY" });

    fireEvent.click(screen.getByRole("button", { name: "Add a post field" }));
    type("Buyer's field, post row 2", "Lead.Name");
    fireEvent.change(field("Source, post row 2"), { target: { value: "first_name" } });
    fireEvent.change(field("Transform, post row 2"), { target: { value: "join" } });
    fireEvent.change(field("Second field, post row 2"), { target: { value: "last_name" } });
    await waitFor(() =>
      expect(JSON.parse(preview("Post"))).toEqual({
        email: "test.applicant@example.com",
        Lead: { Name: "Test Applicant" },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Move post row 2 up" }));
    await waitFor(() => expect(Object.keys(JSON.parse(preview("Post")))).toEqual(["Lead", "email"]));
    expect(field("Buyer's field, post row 1").value).toBe("Lead.Name");

    fireEvent.change(field("Protocol"), { target: { value: "form" } });
    await waitFor(() => expect(preview("Post")).toBe("Lead.Name=Test+Applicant&email=test.applicant%40example.com"));

    fireEvent.click(screen.getByRole("button", { name: "Remove post row 2" }));
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).post.fields).toEqual([
      { to: "Lead.Name", from: ["first_name", "last_name"], transform: "join" },
    ]);
  });

  it("offers the gate's answers as ping fields, and sends the sample lead's in the preview", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    const source = field("Source, ping row 1") as unknown as HTMLSelectElement;
    const pingGroup = [...source.querySelectorAll("optgroup")].find((g) => g.label === "Ping fields (any call)")!;
    const offered = [...pingGroup.querySelectorAll("option")]
      .map((o) => o.value)
      .filter((v) => v.startsWith("quality_"));
    expect(offered).toEqual([...QUALITY_FIELDS].sort());
    fireEvent.change(source, { target: { value: "quality_phone_line_type" } });
    await waitFor(() => expect(JSON.parse(preview("Ping"))).toEqual({ state: "mobile" }));
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch).ping.fields).toEqual([{ to: "state", from: "quality_phone_line_type" }]);
  });

  it("shows the schema's message on the row's control: a contact field may not go in a ping", async () => {
    vi.stubGlobal("fetch", vi.fn());
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    fireEvent.change(field("Source, ping row 1"), { target: { value: "email" } });
    expect(JSON.parse(preview("Ping"))).toEqual({ state: null });
    save();
    await waitFor(() => expect(field("Source, ping row 1").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("email identifies the person and may not be sent in a ping")).toBeTruthy();
  });
});

describe("the Advanced JSON", () => {
  const tab = (name: string) => fireEvent.click(screen.getByRole("tab", { name }));
  const json = () => screen.getByLabelText("Configuration (JSON)") as HTMLTextAreaElement;

  it("shows the form's configuration, and brings an edit back to the form", () => {
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    type("Daily cap", "80");
    tab("Advanced JSON");
    expect(JSON.parse(json().value)).toEqual({ ...CONFIG, caps: { daily: 80 } });
    fireEvent.change(json(), {
      target: { value: JSON.stringify({ ...CONFIG, name: "Acme JSON", schedule: { tue: [["08:00", "09:00"]] } }) },
    });
    tab("Form");
    expect(field("Name").value).toBe("Acme JSON");
    expect(field("Daily cap").value).toBe("50");
    expect(screen.getByRole("button", { name: "Tuesday 08:00–09:00" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("stays on the JSON while it does not read, saying why", () => {
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    tab("Advanced JSON");
    fireEvent.change(json(), { target: { value: "{ not json" } });
    tab("Form");
    expect(screen.getByRole("tab", { name: "Advanced JSON" }).getAttribute("aria-selected")).toBe("true");
    expect(json().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/^is not valid JSON/)).toBeTruthy();
  });

  it("shows the schema's messages on the JSON with their paths, and saves what it holds", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    tab("Advanced JSON");
    const bad = { ...CONFIG, post: { ...CONFIG.post, url: "ftp://x", fields: [{ to: "email" }] } };
    fireEvent.change(json(), { target: { value: JSON.stringify(bad) } });
    save();
    await waitFor(() =>
      expect(
        screen.getByText(
          "post.url: must be an http:// or https:// URL; post.fields.0: needs exactly one of from or value",
        ),
      ).toBeTruthy(),
    );
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(json(), { target: { value: JSON.stringify({ ...CONFIG, tier: 3 }) } });
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch)).toEqual({ ...CONFIG, tier: 3 });
  });

  it("opens a configuration the form cannot hold exactly as JSON, and says which settings", () => {
    // Two fields in from without a transform that reads two: the schema refuses it, the form has no way to show it.
    const config = { ...CONFIG, post: { ...CONFIG.post, fields: [{ to: "name", from: ["first_name", "last_name"] }] } };
    renderInConsole(<BuyerForm config={config} onSaved={() => {}} />);
    expect(screen.getByText(/settings the form cannot show exactly \(post\.fields\.0\.from\)/)).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Advanced JSON" }).getAttribute("aria-selected")).toBe("true");
    expect(JSON.parse(json().value)).toEqual(config);
  });
});

describe("the form's paths", () => {
  it("places the server's field paths on the form's fields", () => {
    expect(fieldOf("config.post.url", "m")).toEqual({ name: "config.post.url", message: "m" });
    expect(fieldOf("config.ping.fields.2.from", "m")).toEqual({ name: "config.ping.fields.2.source", message: "m" });
    expect(fieldOf("config.ping.fields.2.from.1", "m")).toEqual({ name: "config.ping.fields.2.second", message: "m" });
    expect(fieldOf("config.post.fields.0", "m")).toEqual({ name: "config.post.fields.0.source", message: "m" });
    expect(fieldOf("config.licensedStates.0", "m")).toEqual({ name: "config.licensedStates", message: "0: m" });
    expect(fieldOf("config.ping", "m")).toEqual({ name: "config.ping.url", message: "m" });
    expect(fieldOf("config.schedule.mon.0.1", "m")).toEqual({ name: "config.schedule", message: "mon.0.1: m" });
    expect(fieldOf("config.filters.publishers.entries.3.subId", "m")).toEqual({
      name: "config.filters.publishers.entries.3.subId",
      message: "m",
    });
    expect(fieldOf("config.filters.publishers.entries.3", "m")).toEqual({
      name: "config.filters.publishers.entries.3.affId",
      message: "m",
    });
    expect(fieldOf("config.filters.publishers.entries", "m")).toEqual({
      name: "config.filters.publishers.entries",
      message: "m",
    });
    expect(fieldOf("config.filters.publishers", "m")).toEqual({ name: "config.filters.publishers.mode", message: "m" });
    expect(fieldOf("config.ping.headers.X-Api-Key", "m")).toEqual({
      name: "config.ping.headers",
      message: "X-Api-Key: m",
    });
  });
});

describe("the buyer form's money: price rules, floors by state, caps, budget and billing", () => {
  const FIXED = { ...CONFIG, pricing: { kind: "fixed", price: 10 } };
  const region = (name: string) => screen.getByRole("region", { name });
  const rule = (n: number) => within(region("Price")).getByRole("group", { name: `Rule ${n}` });
  const inRule = (n: number, label: string) => within(rule(n)).getByLabelText(label) as HTMLInputElement;
  const typeIn = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
  const addRule = () => fireEvent.click(screen.getByRole("button", { name: "Add a price rule" }));
  /** Picks an option of a multi-select (its list opened: jsdom never ends the dropdown's transition, so it stays hidden). */
  async function pick(combobox: HTMLElement, label: string) {
    // A rule just added has focus on its first control, its list half open: closed first, then opened by a click.
    fireEvent.blur(combobox);
    fireEvent.click(combobox);
    await waitFor(() => expect(combobox.getAttribute("aria-expanded")).toBe("true"));
    const list = document.getElementById(combobox.getAttribute("aria-controls")!)!;
    fireEvent.click(within(list).getByRole("option", { name: label, hidden: true }));
  }
  /** Types a free value into a tags field, as a person does (focused first: Mantine ignores a write to an unfocused
   * input as autofill's), and ends it with Enter. */
  function tag(input: HTMLElement, value: string) {
    input.focus();
    typeIn(input, value);
    fireEvent.keyDown(input, { key: "Enter" });
  }

  it("saves a price rule, the weekly cap, a budget and billing typed in, and shows them again as saved", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={FIXED} publishers={[{ aff_id: "pub-7", name: "Seven" }]} onSaved={() => {}} />);
    expect(
      within(region("Price")).getByText(/The first rule whose every condition matches the lead sets its price/),
    ).toBeTruthy();
    addRule();
    await pick(within(rule(1)).getByRole("combobox", { name: "States" }), "California");
    await pick(within(rule(1)).getByRole("combobox", { name: "Credit bands" }), "Good (680-719)");
    typeIn(inRule(1, "Amount to"), "800");
    tag(inRule(1, "Sources (utm_source)"), "google");
    tag(inRule(1, "Publishers (aff_id)"), "pub-7");
    typeIn(inRule(1, "Price (dollars)"), "25.5");
    addRule();
    typeIn(inRule(2, "Amount from"), "2000");
    typeIn(inRule(2, "Price (dollars)"), "30");
    // First match wins: the second rule is moved first.
    fireEvent.click(screen.getByRole("button", { name: "Move rule 2 up" }));
    type("Weekly cap", "200");
    type("Daily budget (dollars)", "300");
    type("Pause after this many post errors in a row", "3");
    expect(screen.queryByLabelText("Credit limit (dollars)")).toBeNull();
    fireEvent.change(field("How it pays"), { target: { value: "credit" } });
    type("Credit limit (dollars)", "1500");
    type("Low-room alert (dollars)", "100");
    type("Billing e-mail", "ap@acme.example");
    fireEvent.change(field("Invoice period"), { target: { value: "weekly" } });
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const sent = sentConfig(fetch);
    const saved = {
      ...FIXED,
      pricing: {
        kind: "fixed",
        price: 10,
        rules: [
          { loanAmount: { min: 2000 }, price: 30 },
          {
            states: ["CA"],
            creditScores: ["GOOD"],
            loanAmount: { max: 800 },
            sources: ["google"],
            publishers: ["pub-7"],
            price: 25.5,
          },
        ],
      },
      caps: { daily: 50, weekly: 200 },
      budget: { daily: 300 },
      billing: {
        kind: "credit",
        creditLimit: 1500,
        lowRoomAlert: 100,
        email: "ap@acme.example",
        invoicePeriod: "weekly",
      },
      pauseAfterPostErrors: 3,
    };
    expect(sent).toEqual(saved);
    cleanup();

    // The saved configuration opened again: every value in its control, and saved unchanged.
    const again = savingServer(5);
    renderInConsole(<BuyerForm config={saved} onSaved={() => {}} />);
    expect(
      within(rule(2)).getByRole("combobox", { name: "States" }).closest(".mantine-InputWrapper-root")!.textContent,
    ).toContain("California");
    expect(inRule(1, "Amount from").value).toBe("$2000");
    expect(inRule(2, "Price (dollars)").value).toBe("$25.5");
    expect(rule(2).textContent).toContain("google");
    expect(field("Weekly cap").value).toBe("200");
    expect(field("How it pays").value).toBe("credit");
    expect(field("Credit limit (dollars)").value).toBe("$1500");
    expect(field("Invoice period").value).toBe("weekly");
    expect(field("Pause after this many post errors in a row").value).toBe("3");
    save();
    await waitFor(() => expect(again).toHaveBeenCalled());
    expect(sentConfig(again)).toEqual(saved);
  });

  it("shows the schema's message on a rule with no condition, and on a credit buyer's missing limit", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<BuyerForm config={FIXED} onSaved={() => {}} />);
    addRule();
    typeIn(inRule(1, "Price (dollars)"), "12");
    fireEvent.change(field("How it pays"), { target: { value: "credit" } });
    save();
    const states = within(rule(1)).getByRole("combobox", { name: "States" });
    await waitFor(() => expect(states.getAttribute("aria-invalid")).toBe("true"));
    const message = within(rule(1)).getByText(/^names at least one condition/);
    expect(states.getAttribute("aria-describedby")).toContain(message.id);
    expect(inRule(1, "Price (dollars)").getAttribute("aria-invalid")).toBeNull();
    expect(field("Credit limit (dollars)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("a buyer on credit needs a credit limit")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    // Removed, the rule takes its message with it.
    fireEvent.click(screen.getByRole("button", { name: "Remove rule 1" }));
    expect(within(region("Price")).getByText("No price rules: every lead costs the fixed price.")).toBeTruthy();
  });

  it("saves a bidder's floors by state, each state offered once, an empty floor refused on its row", async () => {
    const fetch = savingServer();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    expect(screen.queryByRole("button", { name: "Add a price rule" })).toBeNull();
    const add = () => fireEvent.click(screen.getByRole("button", { name: "Add a state floor" }));
    add();
    fireEvent.change(field("State, floor row 1"), { target: { value: "CA" } });
    type("Floor (dollars), floor row 1", "12.5");
    add();
    const offered = [...(field("State, floor row 2") as unknown as HTMLSelectElement).options].map((o) => o.value);
    expect(offered).not.toContain("CA");
    fireEvent.change(field("State, floor row 2"), { target: { value: "TX" } });
    save();
    await waitFor(() => expect(field("Floor (dollars), floor row 2").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("must be a floor in dollars")).toBeTruthy();
    expect(field("Floor (dollars), floor row 1").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    type("Floor (dollars), floor row 2", "8");
    save();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentConfig(fetch)).toMatchObject({ pricing: { kind: "bid" }, stateFloors: { CA: 12.5, TX: 8 } });
  });

  it("places the paths of rules and floors on their controls", () => {
    const draft = {
      stateFloors: [
        { state: "NY", floor: "" },
        { state: "CA", floor: "x" },
      ],
    } as never;
    expect(fieldOf("config.stateFloors.CA", "m", draft)).toEqual({ name: "config.stateFloors.1.floor", message: "m" });
    expect(fieldOf("config.stateFloors", "m")).toEqual({ name: "config.pricing.kind", message: "m" });
    expect(fieldOf("config.pricing.rules.2", "m")).toEqual({ name: "config.pricing.rules.2.states", message: "m" });
    expect(fieldOf("config.pricing.rules.2.sources.1", "m")).toEqual({
      name: "config.pricing.rules.2.sources",
      message: "1: m",
    });
    expect(fieldOf("config.pricing.rules.0.loanAmount", "m")).toEqual({
      name: "config.pricing.rules.0.loanAmount.min",
      message: "m",
    });
    expect(fieldOf("config.pricing.rules", "m")).toEqual({ name: "config.pricing.rules", message: "m" });
    expect(fieldOf("config.billing.email", "m")).toEqual({ name: "config.billing.email", message: "m" });
    expect(fieldOf("config.caps.weekly", "m")).toEqual({ name: "config.caps.weekly", message: "m" });
  });

  it("has labels a screen reader can use (axe)", async () => {
    renderInConsole(<BuyerForm config={FIXED} onSaved={() => {}} />);
    addRule();
    addRule();
    fireEvent.change(field("How it pays"), { target: { value: "credit" } });
    for (const name of ["Price", "Caps", "Budget", "Billing"]) {
      const results = await axe.run(region(name), { rules: { "color-contrast": { enabled: false } } });
      expect(results.violations.map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(" "))}`)).toEqual([]);
    }
  });
});
