import { UNSUBSCRIBE_REASON_OPTIONS } from "#domain/options.ts";
import { unsubscribeSchema } from "#domain/schemas/privacy-forms.ts";
import { sendUnsubscribeRequest } from "#web/api/api.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { AlertDialog } from "#web/ui/alert-dialog.tsx";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { HoneypotField } from "./honeypot-field.tsx";
import { PhoneField } from "./phone-field.tsx";
import { usePrivacyRequestForm } from "./use-privacy-request-form.ts";

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
  const request = usePrivacyRequestForm({ schema: unsubscribeSchema, initial: EMPTY, send: sendUnsubscribeRequest });
  const { control } = request.form;
  return (
    <div className="privacy-request">
      <h1>Unsubscribe</h1>
      <p>
        Tell us the e-mail address and mobile number you gave us, and {site.brand.name} will stop sending you e-mails,
        text messages and calls. Opting out can take up to 48 hours to complete; you may still receive a message already
        on its way during that time.
      </p>
      <form
        ref={request.form.formRef}
        className="privacy-request__form"
        aria-label="Unsubscribe request"
        noValidate
        onSubmit={request.onSubmit}
      >
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <PhoneField control={control} name="phone" />
        <SelectField
          control={control}
          name="unsubscribe"
          label="Reason"
          options={UNSUBSCRIBE_REASON_OPTIONS}
          placeholder="Select a reason"
        />
        <HoneypotField inputRef={request.honeypotRef} />
        <button type="submit" className="button button--primary" aria-disabled={request.form.busy || undefined}>
          REQUEST NOW
        </button>
        <p className="privacy-request__note">
          Lenders and partners who already received your request have their own opt-out: reply STOP to their text
          messages or ask them directly.
        </p>
      </form>
      <AlertDialog
        open={request.alert !== undefined}
        tone={request.alert?.tone ?? "success"}
        title={request.alert?.title ?? ""}
        message={request.alert?.message ?? ""}
        onClose={request.closeAlert}
      />
    </div>
  );
}
