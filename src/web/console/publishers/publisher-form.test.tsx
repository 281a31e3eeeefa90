import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublisherForm } from "./publisher-form.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillValid() {
  type("Id", "acme");
  type("Name", "Acme Media");
  type("aff_id", "A100");
  type("Payout amount", "700");
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the publisher form", () => {
  it("shows publisherSettingsSchema's messages on their fields, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    render(<PublisherForm onSaved={() => {}} />);
    fillValid();
    type("Id", "Acme!");
    type("Payout rule", "revenue_share");
    type("Payout amount", "20000");
    type("Postback address", "ftp://acme.example/pb?e={email}");
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(field("Id").getAttribute("aria-invalid")).toBe("true"));
    expect(
      screen.getByText("Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter or digit."),
    ).toBeTruthy();
    expect(screen.getByText("A share is at most 10,000 basis points (100%).")).toBeTruthy();
    expect(field("Postback address").getAttribute("aria-invalid")).toBe("true");
    expect(field("Name").getAttribute("aria-invalid")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the settings as the server takes them and hands back the secret shown once", async () => {
    const publisher = {
      id: "acme",
      name: "Acme Media",
      aff_id: "A100",
      payout_kind: "per_sold",
      payout_amount: 700,
      hold_days: 30,
      postback_url: null,
      enabled: true,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    };
    const fetch = vi.fn(async () =>
      answer(201, { status: 201, message: "Publisher added.", data: { publisher, postback_secret: "s3cret" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const onSaved = vi.fn();
    render(<PublisherForm onSaved={onSaved} />);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/console/publishers");
    expect(JSON.parse(init.body as string)).toEqual({
      id: "acme",
      name: "Acme Media",
      aff_id: "A100",
      payout_kind: "per_sold",
      payout_amount: 700,
      hold_days: 30,
      postback_url: null,
      enabled: true,
    });
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ postbackSecret: "s3cret", message: "Publisher added." });
  });

  it("puts the server's field errors on the fields", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        answer(400, {
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { aff_id: "Another publisher's links carry this aff_id." },
        }),
      ),
    );
    render(<PublisherForm onSaved={() => {}} />);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Add publisher" }));
    await waitFor(() => expect(field("aff_id").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Another publisher's links carry this aff_id.")).toBeTruthy();
  });
});
