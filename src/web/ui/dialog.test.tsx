import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AlertDialog } from "./alert-dialog.tsx";
import { Dialog } from "./dialog.tsx";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open rates
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Rates and Fees">
        <p>Body text</p>
        <a href="#first">First link</a>
        <a href="#last">Last link</a>
      </Dialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole("button", { name: "Open rates" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Rates and Fees" }) };
}

afterEach(cleanup);

describe("Dialog", () => {
  it("is closed until opened, then is a modal dialog labelled by its title with focus inside", () => {
    render(<Harness />);
    expect(screen.queryByRole("dialog")).toBeNull();
    const { dialog } = openDialog();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.documentElement.classList.contains("has-modal")).toBe(true);
  });

  it("closes on Escape and gives focus back to its opener", () => {
    render(<Harness />);
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains("has-modal")).toBe(false);
  });

  it("closes with its close button", () => {
    render(<Harness />);
    const { opener } = openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a click outside its panel but not on one inside", () => {
    render(<Harness />);
    const { dialog } = openDialog();
    const body = screen.getByText("Body text");
    fireEvent.mouseDown(body);
    fireEvent.click(body);
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps Tab inside: from the last element to the first and back", () => {
    render(<Harness />);
    const { dialog } = openDialog();
    const close = screen.getByRole("button", { name: "Close" });
    const last = screen.getByRole("link", { name: "Last link" });
    last.focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe("AlertDialog", () => {
  it("is an alertdialog with an icon, the message as its description, and an OK button that closes it", () => {
    let closed = 0;
    render(
      <AlertDialog open tone="error" title="Request not sent" message="Server said no." onClose={() => closed++} />,
    );
    const dialog = screen.getByRole("alertdialog", { name: /Request not sent/ });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("Server said no.");
    expect(screen.getByRole("img", { name: "Error" })).toBeTruthy();
    const ok = screen.getByRole("button", { name: "OK" });
    expect(document.activeElement).toBe(ok);
    act(() => ok.click());
    expect(closed).toBe(1);
    // An alert waits for an answer: a click on the backdrop does not dismiss it.
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(closed).toBe(1);
  });
});
