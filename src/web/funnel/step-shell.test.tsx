import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { progressPercent, stepBySlug } from "#domain/steps/step-table.ts";
import { fakeApi } from "#web/api/fake-api.testing.ts";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { FunnelProvider } from "./funnel-state.tsx";
import { renderFunnel, savedLead } from "./funnel.testing.tsx";
import { defaultValuesFor } from "./prefill.ts";
import { ProgressBar } from "./progress-bar.tsx";
import type { Refusal } from "./refusal.ts";
import { StepShell, type StepShellProps } from "./step-shell.tsx";
import { useStepSchema } from "./step-schema.ts";

const step = (slug: string) => {
  const found = stepBySlug(slug);
  if (!found) throw new Error(slug);
  return found;
};

type ShellOptions = Partial<Pick<StepShellProps, "onValid" | "beforeValidation">>;

/** A screen of the row `slug` as the screens write it: its form, a text field per field, the shell. */
function TestScreen({ slug, ...props }: ShellOptions & { slug: string }) {
  const row = step(slug);
  const form = useZodForm(useStepSchema(row), { defaultValues: defaultValuesFor(row, {}) });
  return (
    <StepShell step={row} form={form} onValid={props.onValid ?? (async () => undefined)} {...props}>
      {row.fields.map((field) => (
        <TextField key={field} control={form.control} name={field} label={field} />
      ))}
    </StepShell>
  );
}

function renderShell(slug: string, options: ShellOptions = {}) {
  const Stub = createRoutesStub([
    {
      path: "/screen",
      Component: () => (
        <FunnelProvider>
          <TestScreen slug={slug} {...options} />
        </FunnelProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/screen"]} />);
}

/** A save that waits until the test lets it answer. */
function pendingSave() {
  let answer: (refusal?: Refusal) => void = () => {};
  const onValid = vi.fn(() => new Promise<Refusal | undefined>((resolve) => (answer = resolve)));
  return { onValid, answer: (refusal?: Refusal) => act(async () => answer(refusal)) };
}

const next = () => screen.getByRole("button", { name: /^Next/ });
const account = () => screen.getByLabelText("bankAccount") as HTMLInputElement;
const errorLine = () => screen.getByRole("alert");

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("step shell", () => {
  it("shows the row's title, subtitle and a back arrow to the row's back route; focus starts on the title", async () => {
    renderShell("bankaccount");
    const title = await screen.findByRole("heading", { level: 1, name: "Bank Account Number" });
    expect(document.activeElement).toBe(title);
    expect(screen.getByText(step("bankaccount").subtitle)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/banktime");
  });

  it("greets by the saved first name where the title asks for it", async () => {
    fakeApi({ "GET /api/personal_loan/lead/v2/L1": () => savedLead({ first_name: "Ana" }) });
    renderFunnel("/apply/bank");
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Ana, you are at the final steps");
  });

  it("has no back arrow where the row has no back route", async () => {
    renderShell("apply-address");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: "Back" })).toBeNull();
  });

  it("checks the form on Next: a refused answer is not saved, and focus goes to its field", async () => {
    const save = pendingSave();
    renderShell("bankaccount", { onValid: save.onValid });
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    expect(await screen.findByText(MESSAGES.bankAccountRequired)).toBeTruthy();
    expect(account().getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(account()));
    expect(save.onValid).not.toHaveBeenCalled();
    expect(next().getAttribute("aria-busy")).toBeNull();
  });

  it("marks Next busy and disabled while a save is in flight, and ignores a second submit", async () => {
    const save = pendingSave();
    renderShell("bankaccount", { onValid: save.onValid });
    fireEvent.change(await screen.findByLabelText("bankAccount"), { target: { value: "12345678" } });
    expect(next().getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(next());
    expect(next().getAttribute("aria-busy")).toBe("true");
    expect(next().getAttribute("aria-disabled")).toBe("true");
    expect(next().closest("form")?.getAttribute("aria-busy")).toBe("true");
    expect(next().textContent).toContain("Please wait");
    await waitFor(() => expect(save.onValid).toHaveBeenCalledTimes(1));
    fireEvent.click(next());
    fireEvent.submit(next().closest("form")!);
    await save.answer();
    expect(save.onValid).toHaveBeenCalledTimes(1);
    expect(next().getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(next());
    await waitFor(() => expect(save.onValid).toHaveBeenCalledTimes(2));
    expect(save.onValid.mock.calls[0]).toEqual([{ bankAccount: "12345678" }]);
  });

  it("puts a refusal's messages under the fields it names, with focus there, and one naming none above Next", async () => {
    const save = pendingSave();
    renderShell("bankaccount", { onValid: save.onValid });
    fireEvent.change(await screen.findByLabelText("bankAccount"), { target: { value: "12345678" } });
    fireEvent.click(next());
    await waitFor(() => expect(save.onValid).toHaveBeenCalledTimes(1));
    await save.answer({ errors: { bankAccount: "Not an account we can pay into" }, message: "Refused" });
    expect(screen.getByText("Not an account we can pay into")).toBeTruthy();
    expect(account().getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(account()));
    expect(errorLine().textContent).toBe("");
    fireEvent.click(next());
    await waitFor(() => expect(save.onValid).toHaveBeenCalledTimes(2));
    await save.answer({ errors: {}, message: MESSAGES.updateFailed });
    expect(errorLine().textContent).toBe(MESSAGES.updateFailed);
    // It stays through a refused check, and goes once an answer is sent again.
    fireEvent.change(account(), { target: { value: "" } });
    fireEvent.click(next());
    await screen.findByText(MESSAGES.bankAccountRequired);
    expect(errorLine().textContent).toBe(MESSAGES.updateFailed);
    fireEvent.change(account(), { target: { value: "12345678" } });
    fireEvent.click(next());
    await waitFor(() => expect(errorLine().textContent).toBe(""));
  });

  it("says something went wrong when the screen's own code fails, until the next submit", async () => {
    const onValid = vi.fn().mockRejectedValueOnce(new Error("bug")).mockResolvedValue(undefined);
    renderShell("bankaccount", { onValid });
    fireEvent.change(await screen.findByLabelText("bankAccount"), { target: { value: "12345678" } });
    fireEvent.click(next());
    await waitFor(() => expect(errorLine().textContent).toBe(MESSAGES.unexpectedError));
    expect(next().getAttribute("aria-busy")).toBeNull();
    fireEvent.click(next());
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(errorLine().textContent).toBe(""));
  });

  it("runs the screen's step before the check, busy already, and stops where it says so", async () => {
    let finish: (go: boolean) => void = () => {};
    const beforeValidation = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const save = pendingSave();
    renderShell("bankaccount", { onValid: save.onValid, beforeValidation });
    fireEvent.click(await screen.findByRole("button", { name: "Next" }));
    expect(beforeValidation).toHaveBeenCalledTimes(1);
    expect(next().getAttribute("aria-busy")).toBe("true");
    await act(async () => finish(false));
    expect(next().getAttribute("aria-busy")).toBeNull();
    // Stopped before the check: no message, nothing saved.
    expect(screen.queryByText(MESSAGES.bankAccountRequired)).toBeNull();
    expect(save.onValid).not.toHaveBeenCalled();
    fireEvent.click(next());
    await act(async () => finish(true));
    expect(await screen.findByText(MESSAGES.bankAccountRequired)).toBeTruthy();
  });

  it("shows the row's consent text above its button, which the text names", async () => {
    renderShell("ssn");
    const button = await screen.findByRole("button", { name: /^Request Funds/ });
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
