import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { useWatch } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { MESSAGES } from "#domain/messages.ts";
import { UNSUBSCRIBE_REASON_OPTIONS } from "#domain/options.ts";
import { unsubscribeSchema } from "#domain/schemas/privacy-forms.ts";
import { US_PHONE_MASK } from "./input-masks.ts";
import { MaskedField } from "./masked-field.tsx";
import { SelectField } from "./select-field.tsx";
import { TextField } from "./text-field.tsx";
import { useZodForm, type ZodForm } from "./use-zod-form.ts";

type Values = { email: string; phone: string; unsubscribe: string };
type Output = z.output<typeof unsubscribeSchema>;

// A form built only from the building blocks, over a domain schema, as the funnel's screens will be.
function DemoForm(props: { onValid: (values: Output) => unknown; expose?: (form: ZodForm<Values, Output>) => void }) {
  const form = useZodForm(unsubscribeSchema, { defaultValues: { email: "", phone: "", unsubscribe: "" } });
  props.expose?.(form);
  return (
    <form ref={form.formRef} aria-label="Demo" noValidate onSubmit={form.submitWith(props.onValid)}>
      <TextField control={form.control} name="email" label="Email" type="email" hint="We never share it" />
      <MaskedField control={form.control} name="phone" label="Mobile Number" type="tel" mask={US_PHONE_MASK} />
      <SelectField
        control={form.control}
        name="unsubscribe"
        label="Reason"
        options={UNSUBSCRIBE_REASON_OPTIONS}
        placeholder="Select a reason"
      />
      <button type="submit" aria-busy={form.busy}>
        Send
      </button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send" }));

afterEach(cleanup);

describe("useZodForm and the field building blocks", () => {
  it("shows nothing before a submit, the schema's messages on submit, then re-validates on every change", async () => {
    render(<DemoForm onValid={() => {}} />);
    type("Email", "jo@");
    expect(screen.queryByText(MESSAGES.formEmailInvalid)).toBeNull();
    submit();
    expect(await screen.findByText(MESSAGES.formEmailInvalid)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.unsubscribeReasonRequired)).toBeTruthy();
    type("Email", "jo@example.com");
    await waitFor(() => expect(screen.queryByText(MESSAGES.formEmailInvalid)).toBeNull());
    expect(field("Email").getAttribute("aria-invalid")).toBeNull();
    type("Email", "jo");
    expect(await screen.findByText(MESSAGES.formEmailInvalid)).toBeTruthy();
  });

  it("ties each error to its field and keeps the error line there when empty, so nothing moves", async () => {
    render(<DemoForm onValid={() => {}} />);
    const email = field("Email");
    const errorLine = email.parentElement!.querySelector(".form-field__error")!;
    // The line is on the page before any error (its height is reserved by CSS) and is a live region.
    expect(errorLine.textContent).toBe("");
    expect(errorLine.getAttribute("aria-live")).toBe("polite");
    const hintId = email.getAttribute("aria-describedby")!;
    expect(document.getElementById(hintId)?.textContent).toBe("We never share it");
    submit();
    await screen.findByText(MESSAGES.emailRequired);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe(`${hintId} ${errorLine.id}`);
    expect(errorLine.textContent).toBe(MESSAGES.emailRequired);
  });

  it("moves focus to the first invalid field in page order, once it is marked invalid", async () => {
    render(<DemoForm onValid={() => {}} />);
    type("Email", "jo@example.com");
    const phone = field("Mobile Number");
    let invalidWhenFocused: string | null = null;
    phone.addEventListener("focus", () => (invalidWhenFocused = phone.getAttribute("aria-invalid")));
    submit();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    // A screen reader reads the field as invalid, with its message, as focus arrives.
    expect(invalidWhenFocused).toBe("true");
  });

  it("sends the schema's output once however often it is submitted, busy while it runs", async () => {
    let finish: () => void = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DemoForm onValid={onValid} />);
    type("Email", "  jo@example.com ");
    type("Mobile Number", "2125550123");
    type("Reason", "OTHER");
    submit();
    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]).toEqual([{ email: "jo@example.com", phone: "2125550123", unsubscribe: "OTHER" }]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" }).getAttribute("aria-busy")).toBe("true"));
    await act(async () => finish());
    expect(screen.getByRole("button", { name: "Send" }).getAttribute("aria-busy")).toBe("false");
    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    await act(async () => finish());
  });

  it("keeps what was chosen or typed on the prerendered page before its JavaScript took over", async () => {
    const onValid = vi.fn();
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<DemoForm onValid={onValid} />);
    container.querySelector<HTMLSelectElement>("select[name=unsubscribe]")!.value = "OTHER";
    container.querySelector<HTMLInputElement>("input[name=email]")!.value = "jo@example.com";
    render(<DemoForm onValid={onValid} />, { container, hydrate: true });
    expect(field("Email").value).toBe("jo@example.com");
    expect((screen.getByLabelText("Reason") as HTMLSelectElement).value).toBe("OTHER");
    type("Mobile Number", "2125550123");
    submit();
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: "jo@example.com", phone: "2125550123", unsubscribe: "OTHER" }),
    );
  });

  it("lets a watcher of the same component see what was typed before the JavaScript took over", async () => {
    function WatchingForm() {
      const form = useZodForm(unsubscribeSchema, { defaultValues: { email: "", phone: "", unsubscribe: "" } });
      const email = useWatch({ control: form.control, name: "email" });
      return (
        <form ref={form.formRef} aria-label="Demo" noValidate>
          <TextField control={form.control} name="email" label="Email" type="email" />
          <p>Watched: {email}</p>
        </form>
      );
    }
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<WatchingForm />);
    container.querySelector<HTMLInputElement>("input[name=email]")!.value = "jo@example.com";
    render(<WatchingForm />, { container, hydrate: true });
    expect(await screen.findByText("Watched: jo@example.com")).toBeTruthy();
  });

  it("rewrites what was typed before the JavaScript took over as its field normalizes typing", async () => {
    const digits = (value: string) => value.replace(/\D/g, "").slice(0, 5);
    function ZipForm() {
      const form = useZodForm(unsubscribeSchema, { defaultValues: { email: "", phone: "", unsubscribe: "" } });
      const email = useWatch({ control: form.control, name: "email" });
      return (
        <form ref={form.formRef} aria-label="Demo" noValidate>
          <TextField control={form.control} name="email" label="Zip" normalize={digits} />
          <p>Watched: {email}</p>
        </form>
      );
    }
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<ZipForm />);
    container.querySelector<HTMLInputElement>("input[name=email]")!.value = "9a0-2 1x05";
    render(<ZipForm />, { container, hydrate: true });
    await waitFor(() => expect(field("Zip").value).toBe("90210"));
    expect(await screen.findByText("Watched: 90210")).toBeTruthy();
  });

  it("shows what was typed into a masked field before the JavaScript took over through its mask", async () => {
    const onValid = vi.fn();
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<DemoForm onValid={onValid} />);
    container.querySelector<HTMLInputElement>("input[name=phone]")!.value = "212 555 0123";
    render(<DemoForm onValid={onValid} />, { container, hydrate: true });
    await waitFor(() => expect(field("Mobile Number").value).toBe("(212)-555-0123"));
  });

  it("validates with a schema it imports when first needed, and tries a failed import again", async () => {
    const load = vi
      .fn<() => Promise<typeof unsubscribeSchema>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(unsubscribeSchema);
    const onValid = vi.fn();
    function LazyForm() {
      const form = useZodForm(load, { defaultValues: { email: "", phone: "", unsubscribe: "" } });
      return (
        <form ref={form.formRef} aria-label="Demo" noValidate onSubmit={form.submitWith(onValid)}>
          <TextField control={form.control} name="email" label="Email" type="email" />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<LazyForm />);
    expect(load).not.toHaveBeenCalled();
    submit();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    submit();
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onValid).not.toHaveBeenCalled();
  });

  it("runs a step before validating, busy already, and validates what it filled in; false stops the submit", async () => {
    let finishLookup: (allow: boolean) => void = () => {};
    const onValid = vi.fn();
    function LookupForm() {
      const form = useZodForm(unsubscribeSchema, { defaultValues: { email: "", phone: "", unsubscribe: "" } });
      const before = () =>
        new Promise<boolean>((resolve) => {
          finishLookup = (allow) => {
            form.setValue("email", "jo@example.com");
            resolve(allow);
          };
        });
      return (
        <form ref={form.formRef} aria-label="Demo" noValidate onSubmit={form.submitWith(onValid, { before })}>
          <TextField control={form.control} name="email" label="Email" type="email" />
          <MaskedField control={form.control} name="phone" label="Mobile Number" type="tel" mask={US_PHONE_MASK} />
          <TextField control={form.control} name="unsubscribe" label="Reason" />
          <button type="submit" aria-busy={form.busy}>
            Send
          </button>
        </form>
      );
    }
    render(<LookupForm />);
    type("Mobile Number", "2125550123");
    type("Reason", "OTHER");
    submit();
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" }).getAttribute("aria-busy")).toBe("true"));
    submit();
    await act(async () => finishLookup(false));
    expect(screen.getByRole("button", { name: "Send" }).getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByText(MESSAGES.emailRequired)).toBeNull();
    expect(onValid).not.toHaveBeenCalled();
    submit();
    await act(async () => finishLookup(true));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: "jo@example.com", phone: "2125550123", unsubscribe: "OTHER" }),
    );
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it("keeps its values as given when rendered in the browser, even where a control shows other text", async () => {
    const onValid = vi.fn();
    function ShownApartForm() {
      const form = useZodForm(unsubscribeSchema, {
        defaultValues: { email: "jo@example.com", phone: "(212)-555-0123", unsubscribe: "OTHER" },
      });
      return (
        <form ref={form.formRef} aria-label="Demo" noValidate onSubmit={form.submitWith(onValid)}>
          {/* Shows a name for the value it stands for, as the licence state's field does. */}
          <input name="email" aria-label="Email" defaultValue="Jo" />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<ShownApartForm />);
    submit();
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: "jo@example.com", phone: "2125550123", unsubscribe: "OTHER" }),
    );
  });

  it("puts the server's field errors on their fields, answers the others, and drops one when its field changes", async () => {
    let form: ZodForm<Values, Output> | undefined;
    render(<DemoForm onValid={() => {}} expose={(f) => (form = f)} />);
    let unmatched: Record<string, string> = {};
    act(() => {
      unmatched = form!.setServerErrors({ email: "This address cannot receive mail", website: "Refused" });
    });
    expect(unmatched).toEqual({ website: "Refused" });
    expect(screen.getByText("This address cannot receive mail")).toBeTruthy();
    expect(field("Email").getAttribute("aria-invalid")).toBe("true");
    // After a submit, a change re-validates the field with the schema, which replaces the server's word.
    type("Email", "jo@example.com");
    type("Mobile Number", "2125550123");
    type("Reason", "OTHER");
    submit();
    await waitFor(() => expect(screen.queryByText("This address cannot receive mail")).toBeNull());
    act(() => {
      form!.setServerErrors({ email: "This address cannot receive mail" });
    });
    type("Email", "kim@example.com");
    await waitFor(() => expect(screen.queryByText("This address cannot receive mail")).toBeNull());
  });
});
