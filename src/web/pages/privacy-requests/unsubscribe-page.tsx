import { UNSUBSCRIBE_REASON_OPTIONS } from "#domain/options.ts";
import { unsubscribeSchema } from "#domain/schemas/privacy-forms.ts";
import { sendUnsubscribeRequest } from "#web/api.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { AlertDialog } from "#web/ui/alert-dialog.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { SelectField } from "#web/ui/select-field.tsx";
import { HoneypotField } from "./honeypot-field.tsx";
import { PhoneField } from "./phone-field.tsx";
import { usePrivacyRequestForm } from "./use-privacy-request-form.ts";
import "./privacy-request.css";

export function meta() {
  return [
    { title: pageTitle("Unsubscribe") },
    { name: "description", content: "Stop receiving e-mails, text messages and calls from us." },
  ];
}

const EMPTY = { email: "", phone: "", unsubscribe: "" };

// /unsubscribe (docs/product/screens-and-routes.md and docs/product/validation.md): e-mail, mobile number, reason;
// REQUEST NOW; takes up to 48 hours.
export default function UnsubscribePage() {
  const site = useSite();
  const form = usePrivacyRequestForm({ schema: unsubscribeSchema, initial: EMPTY, send: sendUnsubscribeRequest });
  return (
    <div className="privacy-request">
      <h1>Unsubscribe</h1>
      <p>
        Tell us the e-mail address and mobile number you gave us, and {site.brand.name} will stop sending you e-mails,
        text messages and calls. Opting out can take up to 48 hours to complete; you may still receive a message already
        on its way during that time.
      </p>
      <form
        ref={form.formRef}
        className="privacy-request__form"
        aria-label="Unsubscribe request"
        noValidate
        onSubmit={form.onSubmit}
      >
        <FormField label="Email" error={form.errors.email}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              value={form.values.email}
              onChange={(e) => form.setField("email", e.target.value)}
            />
          )}
        </FormField>
        <PhoneField value={form.values.phone} error={form.errors.phone} onChange={(v) => form.setField("phone", v)} />
        <SelectField
          label="Reason"
          name="unsubscribe"
          value={form.values.unsubscribe}
          options={UNSUBSCRIBE_REASON_OPTIONS}
          placeholder="Select a reason"
          error={form.errors.unsubscribe}
          onChange={(v) => form.setField("unsubscribe", v)}
        />
        <HoneypotField inputRef={form.honeypotRef} />
        <button type="submit" className="button button--primary" aria-disabled={form.busy || undefined}>
          REQUEST NOW
        </button>
        <p className="privacy-request__note">
          Lenders and partners who already received your request have their own opt-out: reply STOP to their text
          messages or ask them directly.
        </p>
      </form>
      <AlertDialog
        open={form.alert !== undefined}
        tone={form.alert?.tone ?? "success"}
        title={form.alert?.title ?? ""}
        message={form.alert?.message ?? ""}
        onClose={form.closeAlert}
      />
    </div>
  );
}
