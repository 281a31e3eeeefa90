import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPhone, formatSsn } from "#domain/masks.ts";
import { ssnFormSchema } from "#domain/schemas/identity-forms.ts";
import { applyMask, SSN_MASK, US_PHONE_MASK } from "./input-masks.ts";
import { MaskedField } from "./masked-field.tsx";
import { useZodForm } from "./use-zod-form.ts";

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

afterEach(cleanup);

describe("input masks", () => {
  it("lay digits out as the domain's formatters do, for every length typed", () => {
    const digits = "2125550123";
    for (let n = 0; n <= digits.length + 2; n++) {
      const typed = (digits + "45").slice(0, n);
      expect(applyMask(US_PHONE_MASK, typed), typed).toBe(formatPhone(typed));
      expect(applyMask(SSN_MASK, typed), typed).toBe(formatSsn(typed));
    }
    expect(US_PHONE_MASK.mask).toHaveLength(14);
  });

  it("drop everything that is not a digit", () => {
    expect(applyMask(US_PHONE_MASK, "2a1b2 555 0123 99")).toBe("(212)-555-0123");
    expect(applyMask(SSN_MASK, "123-45-6789")).toBe("123-45-6789");
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

  it("formats as the visitor types: each key goes through @react-input/mask", async () => {
    render(<SsnForm onValid={() => {}} />);
    const input = ssnField();
    input.focus();
    // The mask reads the caret between keys from a timer it runs while the field has focus.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    for (const key of "6a01234567") {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const before = input.value;
      setValue.call(input, before + key);
      input.setSelectionRange(before.length + 1, before.length + 1);
      fireEvent(input, new InputEvent("input", { bubbles: true, inputType: "insertText", data: key }));
    }
    expect(input.value).toBe("601-23-4567");
    input.blur();
  });

  it("stops the mask's caret timer when the field goes away while it has focus", async () => {
    const { unmount } = render(<SsnForm onValid={() => {}} />);
    ssnField().focus();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const timers = vi.spyOn(window, "setTimeout");
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Only the wait above: the mask scheduled nothing more.
    expect(timers).toHaveBeenCalledTimes(1);
  });
});
