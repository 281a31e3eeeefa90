import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { progressPercent, stepBySlug } from "#domain/steps/step-table.ts";
import { fakeApi } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "./funnel.testing.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { StepShell } from "./step-shell.tsx";

const step = (slug: string) => {
  const found = stepBySlug(slug);
  if (!found) throw new Error(slug);
  return found;
};

/** A shell around one field, whose save waits until the test lets it finish. */
function renderShell(slug: string, options: { firstName?: string } = {}) {
  let finish: () => void = () => {};
  const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const Stub = createRoutesStub([
    {
      path: "/screen",
      Component: () => (
        <StepShell step={step(slug)} firstName={options.firstName} onSubmit={onSubmit}>
          <input aria-label="Answer" />
        </StepShell>
      ),
    },
  ]);
  render(<Stub initialEntries={["/screen"]} />);
  return { onSubmit, finish: () => act(async () => finish()) };
}

const next = () => screen.getByRole("button", { name: /^Next/ });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("step shell", () => {
  it("shows the row's title, subtitle and a back arrow to the row's back route; focus starts on the title", () => {
    renderShell("hometime");
    const title = screen.getByRole("heading", { level: 1, name: "Time at Current Residence" });
    expect(document.activeElement).toBe(title);
    expect(screen.getByText(step("hometime").subtitle)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/address");
  });

  it("greets by the saved first name where the title asks for it", () => {
    renderShell("apply-bank", { firstName: "Ana" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Ana, you are at the final steps");
  });

  it("has no back arrow where the row has no back route", () => {
    renderShell("apply-address");
    expect(screen.queryByRole("link", { name: "Back" })).toBeNull();
  });

  it("marks Next busy and disabled while a save is in flight, and ignores a second submit", async () => {
    const shell = renderShell("hometime");
    expect(next().getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(next());
    expect(next().getAttribute("aria-busy")).toBe("true");
    expect(next().getAttribute("aria-disabled")).toBe("true");
    expect(next().textContent).toContain("Please wait");
    fireEvent.click(next());
    fireEvent.submit(next().closest("form")!);
    expect(shell.onSubmit).toHaveBeenCalledTimes(1);
    await shell.finish();
    expect(next().getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(next());
    expect(shell.onSubmit).toHaveBeenCalledTimes(2);
  });

  it("shows the row's consent text above its button, which the text names", () => {
    renderShell("ssn");
    const button = screen.getByRole("button", { name: /^Request Funds/ });
    const consent = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(consent?.textContent?.replaceAll(" (opens in a new tab)", "")).toBe(
      fillConsent(CONSENT_TEXTS.ssn, { brand: "Loanpath", shortCode: "41411" }),
    );
    expect(consent?.compareDocumentPosition(button)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.getByRole("link", { name: /Credit Authorization Agreement/ }).getAttribute("href")).toBe(
      "/credit-authorization-agreement",
    );
  });
});

describe("progress bar", () => {
  it("shows indicator / 24 as an accessible progress bar", () => {
    render(<ProgressBar indicator={6} />);
    const bar = screen.getByRole("progressbar", { name: "Application progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe(String(progressPercent(6)));
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
    expect(bar.getAttribute("aria-valuetext")).toBe("Step 6 of 24, 25% complete");
  });

  it("follows the route: the funnel frame shows the current row's progress", async () => {
    fakeApi({ "GET /api/personal_loan/lead/v2/L1": () => savedLead() });
    renderFunnel("/grossincome");
    await screen.findByRole("heading", { level: 1, name: "Gross Monthly Income" });
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe(String(progressPercent(12)));
  });
});
