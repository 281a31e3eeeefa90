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
import { useUnsubscribeLink } from "./use-unsubscribe-link.ts";

export function meta() {
  return [
    { title: pageTitle("Unsubscribe") },
    { name: "description", content: "Stop receiving e-mails, text messages and calls from us." },
  ];
}

const EMPTY = { email: "", phone: "", unsubscribe: "" };

// /unsubscribe (docs/product/screens-and-routes.md and docs/product/validation.md): e-mail, mobile number, reason;
// REQUEST NOW; takes up to 48 hours. Opened from an e-mail's unsubscribe link, one button unsubscribes the
// address that e-mail went to, above the same form.
export default function UnsubscribePage() {
  const site = useSite();
  const request = usePrivacyRequestForm({ schema: unsubscribeSchema, initial: EMPTY, send: sendUnsubscribeRequest });
  const link = useUnsubscribeLink();
  const { control } = request.form;
  const alert = link.alert ?? request.alert;
  return (
    <div className="privacy-request">
      <h1>Unsubscribe</h1>
      {link.token !== undefined && (
        <section className="privacy-request__link" aria-labelledby="unsubscribe-link-title">
          <h2 id="unsubscribe-link-title">Unsubscribe from our e-mail</h2>
          <p>
            Press the button and {site.brand.name} will stop sending e-mails, text messages and calls to the address our
            e-mail went to and the mobile number of that application. There is nothing to type.
          </p>
          <button
            type="button"
            className="button button--primary"
            aria-disabled={link.busy || undefined}
            onClick={() => void link.send()}
          >
            UNSUBSCRIBE
          </button>
        </section>
      )}
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
        open={alert !== undefined}
        tone={alert?.tone ?? "success"}
        title={alert?.title ?? ""}
        message={alert?.message ?? ""}
        onClose={link.alert ? link.closeAlert : request.closeAlert}
      />
    </div>
  );
}
