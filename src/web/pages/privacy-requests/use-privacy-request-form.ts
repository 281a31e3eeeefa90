import { createElement, Fragment, useRef, useState, type ReactNode } from "react";
import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "#domain/contracts/honeypot.ts";
import type { ApiResult, PrivacyRequestReceipt } from "#web/api/api.ts";
import type { AlertTone } from "#web/ui/alert-dialog.tsx";
import { useZodForm, type FormValuesOf } from "#web/ui/forms/use-zod-form.ts";

export type RequestAlert = { tone: AlertTone; title: string; message: ReactNode };

// The reference is one unbreakable word, so a phone never splits it after "PR-" (a hyphen is a line-break
// opportunity); it stays plain text, so a copy of it is the exact reference.
const withReference = (message: string, reference: string) =>
  createElement(
    Fragment,
    null,
    `${message} Your reference: `,
    createElement("span", { className: "alert-dialog__reference" }, reference),
    ".",
  );

/** The alert a request's answer shows: received, with its reference, or not sent, with the server's message. */
export function answerAlert(result: ApiResult<PrivacyRequestReceipt>): RequestAlert {
  if (!result.ok) return { tone: "error", title: "Request not sent", message: result.message };
  const reference = result.data?.reference;
  return {
    tone: "success",
    title: "Request received",
    message: reference ? withReference(result.message, reference) : result.message,
  };
}

// What both opt-out forms share (docs/product/validation.md and docs/product/errors.md), on top of useZodForm: values
// sent as the domain schema outputs them (trimmed, phone as ten digits) with the honeypot; the server's answer shown in
// an alert with a success or error icon, its field errors on the fields; emptied after a success.
export function usePrivacyRequestForm<S extends z.ZodObject>(options: {
  schema: S;
  initial: DefaultValues<FormValuesOf<S>>;
  send: (body: z.output<S> & { [HONEYPOT_FIELD]?: string }) => Promise<ApiResult<PrivacyRequestReceipt>>;
}) {
  const form = useZodForm(options.schema, { defaultValues: options.initial });
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [alert, setAlert] = useState<RequestAlert | undefined>(undefined);

  const onSubmit = form.submitWith(async (values) => {
    const body = { ...(values as z.output<S>), [HONEYPOT_FIELD]: honeypotRef.current?.value ?? "" };
    const result = await options.send(body);
    if (result.ok) form.reset();
    else form.setServerErrors(result.errors);
    setAlert(answerAlert(result));
  });

  return { form, honeypotRef, alert, onSubmit, closeAlert: () => setAlert(undefined) };
}
