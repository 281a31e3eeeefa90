import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "#domain/contracts/honeypot.ts";
import type { ApiResult, PrivacyRequestReceipt } from "#web/api.ts";
import type { AlertTone } from "#web/ui/alert-dialog.tsx";
import { fieldErrorsOf, focusFirstInvalid } from "#web/ui/schema-errors.ts";

export type RequestAlert = { tone: AlertTone; title: string; message: string };

// The behaviour both opt-out forms share (docs/product/validation.md and docs/product/errors.md): validated on submit
// and again on every change with the domain schema; values sent as the schema outputs them (trimmed, phone as ten
// digits); the server's answer shown in an alert with a success or error icon; one request at a time.
export function usePrivacyRequestForm<V extends Record<string, string>, S extends z.ZodType<object>>(options: {
  schema: S;
  initial: V;
  send: (body: z.output<S> & { [HONEYPOT_FIELD]?: string }) => Promise<ApiResult<PrivacyRequestReceipt>>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);
  const [values, setValues] = useState<V>(options.initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<RequestAlert | undefined>(undefined);

  const errors = { ...serverErrors, ...(submitted ? fieldErrorsOf(options.schema, values) : {}) };

  const setField = (name: keyof V, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors(({ [name as string]: _dropped, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    setSubmitted(true);
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const body = { ...(parsed.data as z.output<S>), [HONEYPOT_FIELD]: honeypotRef.current?.value ?? "" };
      const result = await options.send(body);
      if (result.ok) {
        const reference = result.data?.reference;
        setAlert({
          tone: "success",
          title: "Request received",
          message: reference ? `${result.message} Your reference: ${reference}.` : result.message,
        });
        setValues(options.initial);
        setSubmitted(false);
        setServerErrors({});
      } else {
        setServerErrors(result.errors);
        setAlert({ tone: "error", title: "Request not sent", message: result.message });
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return {
    formRef,
    honeypotRef,
    values,
    errors,
    busy,
    alert,
    setField,
    closeAlert: () => setAlert(undefined),
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
  };
}
