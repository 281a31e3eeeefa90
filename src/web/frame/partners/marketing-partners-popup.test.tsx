import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_BRAND } from "#domain/brands.ts";
import { fakeApi, partnersHandler } from "#web/api/fake-api.testing.ts";
import { MarketingPartnersPopup } from "./marketing-partners-popup.tsx";
import { NO_PARTNERS_TEXT, PartnerNames } from "./partner-names.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The pop-up's partner names, once the server's answer has replaced the configured ones. */
async function partnerNamesOnceAnswered() {
  const dialog = screen.getByRole("dialog", { name: "Marketing Partners" });
  await waitFor(() => expect(dialog.querySelector("[aria-busy]")).toBeNull());
  return within(dialog)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
}

describe("marketing partners", () => {
  it("lists partner names, or says there are none", () => {
    const { rerender } = render(<PartnerNames partners={["A Lending", "B Finance"]} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    rerender(<PartnerNames partners={[]} />);
    expect(screen.getByText(NO_PARTNERS_TEXT)).toBeTruthy();
  });

  it("asks for the partner list only once the Marketing Partners pop-up opens; its close button closes it", async () => {
    const api = fakeApi({ "GET /api/partners": partnersHandler(["Service Lending", "Service Credit"]) });
    let open = false;
    const { rerender } = render(<MarketingPartnersPopup open={open} onClose={() => (open = false)} />);
    expect(api.calls).toHaveLength(0);

    open = true;
    rerender(<MarketingPartnersPopup open={open} onClose={() => (open = false)} />);
    const names = await partnerNamesOnceAnswered();
    expect(names).toEqual(["Service Lending", "Service Credit"]);
    expect(api.callsTo("GET", "/api/partners")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    rerender(<MarketingPartnersPopup open={open} onClose={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the site configuration's partners while the server's list is on its way", () => {
    fakeApi({ "GET /api/partners": () => new Promise(() => {}) });
    render(<MarketingPartnersPopup open onClose={() => {}} />);
    const list = within(screen.getByRole("dialog", { name: "Marketing Partners" })).getByRole("list");
    expect(list.getAttribute("aria-busy")).toBe("true");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(SAMPLE_BRAND.partners);
  });

  it.each([
    ["the server fails", () => ({ status: 500, body: { status: 500, message: "Something went wrong" } })],
    ["the server answers no partners", partnersHandler([])],
    [
      "the server cannot be reached",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("says %s with No partners available, not the configured names", async (_name, handler) => {
    fakeApi({ "GET /api/partners": handler });
    render(<MarketingPartnersPopup open onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Marketing Partners" });
    await waitFor(() => expect(within(dialog).getByText(NO_PARTNERS_TEXT)).toBeTruthy());
    expect(within(dialog).queryByRole("list")).toBeNull();
  });
});
