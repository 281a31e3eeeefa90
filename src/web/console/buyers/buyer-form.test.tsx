import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MASKED_SECRET } from "#domain/buyers/buyer-secrets.ts";
import { BuyerForm } from "./buyer-form.tsx";
import { fieldOf, requestOf, formValuesOf } from "./buyer-form-schema.ts";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

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

describe("the buyer form", () => {
  it("shows the buyer schema's own messages on the fields, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderInConsole(<BuyerForm onSaved={() => {}} />);
    type("Id", "Acme Leads");
    type("Name", "Acme");
    type("Post address", "ftp://acme.example/post");
    fireEvent.click(screen.getByRole("button", { name: "Add buyer" }));
    await waitFor(() => expect(field("Post address").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("must be an http:// or https:// URL")).toBeTruthy();
    expect(screen.getByText("must be lower-case letters, digits, - or _")).toBeTruthy();
    expect(field("Name").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the schema's refinements too: a ping/post buyer needs a ping", async () => {
    vi.stubGlobal("fetch", vi.fn());
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    type("Ping address", "");
    fireEvent.change(field("Ping mapping (JSON)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(field("Ping address").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("ping/post needs a ping")).toBeTruthy();
  });

  it("puts a message inside a JSON part on that part's field, with its path", async () => {
    vi.stubGlobal("fetch", vi.fn());
    renderInConsole(<BuyerForm config={CONFIG} onSaved={() => {}} />);
    fireEvent.change(field("Post mapping (JSON)"), {
      target: { value: JSON.stringify({ fields: [{ to: "email" }], answer: CONFIG.post.answer }) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(screen.getByText("fields.0: needs exactly one of from or value")).toBeTruthy());
    expect(field("Post mapping (JSON)").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends an edit with the masked credential as shown, for the server to keep", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ status: 200, message: "Buyer saved.", data: { id: "acme", version: 4 } }),
    );
    vi.stubGlobal("fetch", fetch);
    const saved = vi.fn();
    renderInConsole(<BuyerForm config={CONFIG} onSaved={saved} />);
    type("Name", "Acme Lending");
    fireEvent.click(screen.getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ id: "acme", version: 4, message: "Buyer saved." }));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/console/buyers/acme");
    const body = JSON.parse(String(init.body));
    expect(body.config).toMatchObject({
      name: "Acme Lending",
      caps: { daily: 50 },
      ping: { headers: { "X-Api-Key": MASKED_SECRET } },
    });
  });
});

describe("the buyer form's returns", () => {
  it("shows the window and cap, sends them as numbers, and shows the schema's limit on its field", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ status: 200, message: "Buyer saved.", data: { id: "acme", version: 5 } }),
    );
    vi.stubGlobal("fetch", fetch);
    renderInConsole(
      <BuyerForm config={{ ...CONFIG, returns: { window_days: 7, cap_percent: 10 } }} onSaved={() => {}} />,
    );
    expect(field("Return window (days)").value).toBe("7");
    expect(field("Return cap (%)").value).toBe("10");
    type("Return window (days)", "61");
    fireEvent.click(screen.getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(field("Return window (days)").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("must be 0 to 60 days")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    type("Return window (days)", "14");
    type("Return cap (%)", "5");
    fireEvent.click(screen.getByRole("button", { name: "Save as a new version" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).config.returns).toEqual({ window_days: 14, cap_percent: 5 });
  });
});

describe("the form's paths", () => {
  it("round-trips a configuration through the form's values", () => {
    const { request, badJson } = requestOf(formValuesOf(CONFIG));
    expect(badJson).toEqual([]);
    expect(request.config).toEqual({ ...CONFIG, pricing: { kind: "bid" } });
  });

  it("places the server's field paths on the form's fields", () => {
    expect(fieldOf("config.post.url", "m")).toEqual({ name: "config.post.url", message: "m" });
    expect(fieldOf("config.ping.fields.2.from", "m")).toEqual({ name: "json.ping", message: "fields.2.from: m" });
    expect(fieldOf("config.licensedStates.0", "m")).toEqual({ name: "config.licensedStates", message: "m" });
    expect(fieldOf("config.ping", "m")).toEqual({ name: "config.ping.url", message: "m" });
  });
});
