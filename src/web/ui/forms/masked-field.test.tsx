import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { screenForm } from "#domain/steps/screen-form.testing.ts";
import { caretAfterDigits, SSN_MASK, US_PHONE_MASK } from "./input-masks.ts";
import { MaskedField } from "./masked-field.tsx";
import { useZodForm } from "./use-zod-form.ts";

const ssnFormSchema = screenForm("ssn") as z.ZodObject;

function SsnForm(props: { onValid: (values: unknown) => void }) {
  const form = useZodForm(ssnFormSchema, { defaultValues: { socialSecurityNumber: "" } });
  return (
    <form noValidate onSubmit={form.submitWith(props.onValid)}>
      <MaskedField
        control={form.control}
        name="socialSecurityNumber"
        label="Social Security Number"
        inputMode="numeric"
        mask={SSN_MASK}
      />
      <button type="submit">Request Funds</button>
    </form>
  );
}

const ssnField = () => screen.getByLabelText("Social Security Number") as HTMLInputElement;
const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

/** What the browser does for one key: the new text and caret, then an input event of that kind. */
function key(input: HTMLInputElement, value: string, caret: number, inputType: string) {
  setNativeValue.call(input, value);
  input.setSelectionRange(caret, caret);
  fireEvent(input, new InputEvent("input", { bubbles: true, inputType }));
}

afterEach(cleanup);

describe("input masks", () => {
  it("are as long as their complete value", () => {
    expect(US_PHONE_MASK.format("2125550123")).toHaveLength(US_PHONE_MASK.maxLength);
    expect(SSN_MASK.format("601234567")).toHaveLength(SSN_MASK.maxLength);
  });

  it("put the caret right after a given number of digits", () => {
    expect(caretAfterDigits("(212)-555-0123", 0)).toBe(0);
    expect(caretAfterDigits("(212)-555-0123", 3)).toBe(4);
    expect(caretAfterDigits("(212)-555-0123", 4)).toBe(7);
    expect(caretAfterDigits("(212)-5", 9)).toBe(7);
  });
});

describe("MaskedField", () => {
  it("shows an SSN as 123-45-6789, at most 11 characters, and sends its nine digits", async () => {
    const onValid = vi.fn();
    render(<SsnForm onValid={onValid} />);
    expect(ssnField().maxLength).toBe(11);
    fireEvent.change(ssnField(), { target: { value: "6x0 1-2 3 4 5 6 7 8" } });
    expect(ssnField().value).toBe("601-23-4567");
    fireEvent.click(screen.getByRole("button", { name: "Request Funds" }));
    // The mask is stripped before sending: the schema's output is the digits.
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ socialSecurityNumber: "601234567" }));
  });

  it("formats key by key however fast the keys come, and refuses other characters", () => {
    render(<SsnForm onValid={() => {}} />);
    const input = ssnField();
    input.focus();
    for (const typed of "6a01234567") {
      const next = input.value + typed;
      key(input, next, next.length, "insertText");
    }
    expect(input.value).toBe("601-23-4567");
  });

  it("keeps the caret after the digits typed when a digit is changed in the middle", () => {
    render(<SsnForm onValid={() => {}} />);
    const input = ssnField();
    input.focus();
    fireEvent.change(input, { target: { value: "601234567" } });
    // Backspace after the 2 of 601-2|3-4567.
    key(input, "601-3-4567", 4, "deleteContentBackward");
    expect(input.value).toBe("601-34-567");
    expect(input.selectionStart).toBe(3);
    // Typing 9 there.
    key(input, "6019-34-567", 4, "insertText");
    expect(input.value).toBe("601-93-4567");
    expect(input.selectionStart).toBe(5);
  });

  it("removes the digit beside a mask character that Backspace or Delete took", () => {
    render(<SsnForm onValid={() => {}} />);
    const input = ssnField();
    input.focus();
    fireEvent.change(input, { target: { value: "601234567" } });
    // Backspace right after the first dash: 601-|23-4567 loses its 1.
    key(input, "60123-4567", 3, "deleteContentBackward");
    expect(input.value).toBe("602-34-567");
    expect(input.selectionStart).toBe(2);
    // Delete right before the dash: 60|2-34-567 loses its 2.
    key(input, "6034-567", 2, "deleteContentForward");
    expect(input.value).toBe("603-45-67");
    expect(input.selectionStart).toBe(2);
  });

  it("takes a value autofill puts into the field without focusing it, masked", async () => {
    const onValid = vi.fn();
    render(<SsnForm onValid={onValid} />);
    const input = ssnField();
    expect(document.activeElement).not.toBe(input);
    // What browser autofill does: the value set natively, then input and change, no focus.
    setNativeValue.call(input, "601234567");
    fireEvent(input, new Event("input", { bubbles: true }));
    fireEvent(input, new Event("change", { bubbles: true }));
    expect(input.value).toBe("601-23-4567");
    fireEvent.click(screen.getByRole("button", { name: "Request Funds" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ socialSecurityNumber: "601234567" }));
  });
});
