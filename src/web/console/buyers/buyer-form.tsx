import { useState } from "react";
import { MASKED_SECRET } from "#domain/buyers/buyer-secrets.ts";
import { buyerSavedAnswer } from "#domain/contracts/console-buyers.ts";
import { US_STATES } from "#domain/options.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { TextAreaField } from "#web/ui/forms/text-area-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { buyerFormSchema, fieldOf, formValuesOf, type BuyerFormValues } from "./buyer-form-schema.ts";

const options = (...values: string[]) => values.map((value) => ({ value, label: value }));

const CALL_HINT = `fields, answer and optional headers (docs/product/lender-network.md#field-mapping). Credentials show as ${MASKED_SECRET}: leave them so to keep them.`;

// A buyer's configuration as a form (docs/product/lender-network.md#file-and-console), checked in the browser by
// the schema the server and BUYERS_FILE use, each message on its field; the server's answer lands the same way.
export function BuyerForm(props: {
  /** The configuration to edit (credentials masked), or none for a new buyer. */
  config?: Record<string, unknown>;
  onSaved: (saved: { id: string; version: number; message: string }) => void;
}) {
  const editing = props.config !== undefined;
  const form = useZodForm<typeof buyerFormSchema, BuyerFormValues>(buyerFormSchema, {
    defaultValues: formValuesOf(props.config),
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (request) => {
    const id = (request.config as { id: string }).id;
    const res = editing
      ? await consoleApi.send("PUT", `/buyers/${encodeURIComponent(id)}`, request, buyerSavedAnswer)
      : await consoleApi.send("POST", "/buyers", request, buyerSavedAnswer);
    if (res.ok) {
      setProblem(undefined);
      return props.onSaved({ ...res.data, message: res.message });
    }
    for (const [path, message] of Object.entries(res.errors)) {
      const field = fieldOf(path, message);
      form.setError(field.name as never, { type: "server", message: field.message });
    }
    setProblem(res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      className="console-form buyer-form"
      aria-labelledby="buyer-form-title"
    >
      <h2 id="buyer-form-title">{editing ? "Configuration" : "New buyer"}</h2>
      <fieldset>
        <legend>Who</legend>
        <TextField control={c} name="config.id" label="Id" readOnly={editing} autoComplete="off" />
        <TextField control={c} name="config.name" label="Name" autoComplete="off" />
        <SelectField control={c} name="config.kind" label="Kind" options={options("lead_buyer", "licensed_lender")} />
        <TextField
          control={c}
          name="config.licensedStates"
          label="Licensed states"
          hint={`Two-letter codes, e.g. ${US_STATES.slice(0, 3)
            .map((s) => s.value)
            .join(", ")}; a licensed lender names its states`}
          autoComplete="off"
        />
      </fieldset>
      <fieldset>
        <legend>How it is called</legend>
        <SelectField control={c} name="config.mode" label="Mode" options={options("ping_post", "direct_post")} />
        <SelectField control={c} name="config.protocol" label="Protocol" options={options("json", "form", "xml")} />
        <TextField control={c} name="config.xmlRoot" label="XML root element" hint="Lead unless set" />
        <TextField control={c} name="config.ping.url" label="Ping address" type="url" autoComplete="off" />
        <TextAreaField
          spellCheck={false}
          control={c}
          name="json.ping"
          label="Ping mapping (JSON)"
          hint={CALL_HINT}
          rows={8}
        />
        <TextField control={c} name="config.post.url" label="Post address" type="url" autoComplete="off" />
        <TextAreaField
          spellCheck={false}
          control={c}
          name="json.post"
          label="Post mapping (JSON)"
          hint={CALL_HINT}
          rows={10}
        />
        <TextField
          control={c}
          name="config.timeoutMs"
          label="Time limit (ms)"
          inputMode="numeric"
          hint="5000 unless set"
        />
      </fieldset>
      <fieldset>
        <legend>Price and volume</legend>
        <SelectField control={c} name="config.pricing.kind" label="Pricing" options={options("bid", "fixed")} />
        <TextField control={c} name="config.pricing.price" label="Fixed price (dollars)" inputMode="decimal" />
        <TextField control={c} name="config.floor" label="Floor (dollars)" inputMode="decimal" hint="0 unless set" />
        <TextField control={c} name="config.tier" label="Tier" inputMode="numeric" hint="1 unless set" />
        <TextField control={c} name="config.caps.hourly" label="Hourly cap" inputMode="numeric" />
        <TextField control={c} name="config.caps.daily" label="Daily cap" inputMode="numeric" />
        <TextField control={c} name="config.caps.monthly" label="Monthly cap" inputMode="numeric" />
      </fieldset>
      <fieldset>
        <legend>Which leads</legend>
        <SelectField control={c} name="config.testMode" label="Test mode" options={options("live", "test", "both")} />
        <SelectField
          control={c}
          name="config.shadow"
          label="Shadow mode"
          hint="Pinged and its bids recorded, never posted to"
          options={[
            { value: "no", label: "No" },
            { value: "yes", label: "Yes" },
          ]}
        />
        <TextField control={c} name="config.timeZone" label="Time zone" hint="America/New_York unless set" />
        <TextField control={c} name="config.duplicateWindowDays" label="Duplicate window (days)" inputMode="numeric" />
        <TextAreaField spellCheck={false} control={c} name="json.filters" label="Filters (JSON)" rows={4} />
        <TextAreaField
          spellCheck={false}
          control={c}
          name="json.schedule"
          label="Opening hours (JSON)"
          hint="Always open unless set"
          rows={4}
        />
      </fieldset>
      <fieldset>
        <legend>Returns</legend>
        <TextField
          control={c}
          name="config.returns.window_days"
          label="Return window (days)"
          inputMode="numeric"
          hint="Days after a sale it may return the lead; 7 unless set"
        />
        <TextField
          control={c}
          name="config.returns.cap_percent"
          label="Return cap (%)"
          inputMode="numeric"
          hint="Share of a month's leads it may return that month; 10 unless set"
        />
      </fieldset>
      <TextField control={c} name="note" label="Why (kept with the version)" autoComplete="off" />
      <p className="console-form__error" role="alert">
        {problem ?? ""}
      </p>
      <button type="submit" className="console-button console-button--primary" aria-disabled={form.busy || undefined}>
        {editing ? "Save as a new version" : "Add buyer"}
      </button>
    </form>
  );
}
