import { useState } from "react";
import { PAYOUT_KINDS, POSTBACK_MACROS, type PublisherSettings } from "#domain/partners/publisher.ts";
import { publisherSavedAnswer, publisherSecretAnswer } from "#domain/contracts/console-publishers.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { PAYOUT_KIND_LABELS } from "./publisher-labels.ts";
import { formValuesOf, publisherFormSchema, type PublisherFormValues } from "./publisher-form-schema.ts";

const MACROS = POSTBACK_MACROS.map((m) => `{${m}}`).join(" ");

// A publisher's settings as a form (docs/product/partners.md#publishers), checked in the browser by the schema the
// server uses, each message on its field; the server's answer lands the same way.
export function PublisherForm(props: {
  /** The publisher to edit, or none for a new one. */
  publisher?: PublisherSettings;
  /** A new publisher comes with its postback secret, to show once. */
  onSaved: (saved: { publisher: PublisherSettings; message: string; postbackSecret?: string }) => void;
}) {
  const editing = props.publisher !== undefined;
  const form = useZodForm<typeof publisherFormSchema, PublisherFormValues>(publisherFormSchema, {
    defaultValues: formValuesOf(props.publisher),
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (settings) => {
    const res = editing
      ? await consoleApi.send("PUT", `/publishers/${encodeURIComponent(settings.id)}`, settings, publisherSavedAnswer)
      : await consoleApi.send("POST", "/publishers", settings, publisherSecretAnswer);
    if (res.ok) {
      setProblem(undefined);
      const data = res.data as { postback_secret?: string };
      const secret = data.postback_secret;
      return props.onSaved({ publisher: res.data.publisher, message: res.message, postbackSecret: secret });
    }
    const left = form.setServerErrors(res.errors);
    setProblem(Object.keys(res.errors).length && !Object.keys(left).length ? undefined : res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  // The payout is typed in the unit of its rule: percent for a share, dollars otherwise.
  const share = form.watch("payout_kind") === "revenue_share";
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      className="console-form publisher-form"
      aria-labelledby="publisher-form-title"
    >
      <h2 id="publisher-form-title">{editing ? "Settings" : "New publisher"}</h2>
      <TextField
        control={c}
        name="id"
        label="Id"
        readOnly={editing}
        autoComplete="off"
        hint="Its tracking link is /r/{id}"
      />
      <TextField control={c} name="name" label="Name" autoComplete="off" />
      <TextField control={c} name="aff_id" label="aff_id" autoComplete="off" hint="The aff_id its links carry" />
      <SelectField
        control={c}
        name="payout_kind"
        label="Payout rule"
        options={PAYOUT_KINDS.map((kind) => ({ value: kind, label: PAYOUT_KIND_LABELS[kind] }))}
      />
      <TextField
        control={c}
        name="payout_amount"
        label="Payout"
        inputMode="decimal"
        autoComplete="off"
        hint={share ? "Percent of the sale's price, e.g. 12.5%" : "Dollars per lead, e.g. $7.50"}
      />
      <TextField control={c} name="hold_days" label="Hold (days)" inputMode="numeric" hint="Before a payout is final" />
      <TextField
        control={c}
        name="postback_url"
        label="Postback address"
        type="url"
        autoComplete="off"
        hint={`Optional. Macros: ${MACROS}`}
      />
      <SelectField
        control={c}
        name="enabled"
        label="Status"
        options={[
          { value: "yes", label: "Enabled" },
          { value: "no", label: "Disabled" },
        ]}
      />
      <p className="console-form__error" role="alert">
        {problem ?? ""}
      </p>
      <button type="submit" className="console-button console-button--primary" aria-disabled={form.busy || undefined}>
        {editing ? "Save" : "Add publisher"}
      </button>
    </form>
  );
}
