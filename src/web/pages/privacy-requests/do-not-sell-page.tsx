import {
  COUNTRY_OPTIONS,
  DO_NOT_SELL_REQUEST_OPTIONS,
  PRIVACY_RIGHTS_STATE_OPTIONS,
  US_STATES,
} from "#domain/options.ts";
import { digitsOnly } from "#domain/masks.ts";
import { doNotSellSchema } from "#domain/schemas/privacy-forms.ts";
import { sendDoNotSellRequest } from "#web/api.ts";
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
    { title: pageTitle("Do Not Sell or Share My Personal Information") },
    {
      name: "description",
      content: "Privacy rights requests for residents of California, Nevada, Virginia, Utah and Connecticut.",
    },
  ];
}

const EMPTY = {
  stateResidencyPrompt: "",
  firstName: "",
  middleName: "",
  lastName: "",
  email: "",
  phone: "",
  country: "",
  zipCode: "",
  state: "",
  address: "",
  city: "",
};
type Field = keyof typeof EMPTY;

const STATE_NAMES = new Intl.ListFormat("en-US", { type: "conjunction" }).format(
  PRIVACY_RIGHTS_STATE_OPTIONS.map((s) => s.label),
);

// /do-not-sell-information (docs/product/screens-and-routes.md and docs/product/validation.md): every field of the
// spec, REQUEST NOW.
export default function DoNotSellPage() {
  const site = useSite();
  const form = usePrivacyRequestForm({ schema: doNotSellSchema, initial: EMPTY, send: sendDoNotSellRequest });
  const text = (
    field: Field,
    label: string,
    autoComplete: string,
    extra: { maxLength?: number; inputMode?: "numeric" } = {},
  ) => (
    <FormField label={label} error={form.errors[field]}>
      {(control) => (
        <input
          {...control}
          name={field}
          type="text"
          autoComplete={autoComplete}
          maxLength={extra.maxLength}
          inputMode={extra.inputMode}
          value={form.values[field]}
          onChange={(e) =>
            form.setField(field, field === "zipCode" ? digitsOnly(e.target.value).slice(0, 5) : e.target.value)
          }
        />
      )}
    </FormField>
  );

  return (
    <div className="privacy-request">
      <h1>Do Not Sell or Share My Personal Information</h1>
      <p>
        If you live in {STATE_NAMES}, state law gives you the right to ask {site.brand.name} not to sell or share your
        personal information, and to ask us to tell you what we hold, correct it, delete it or limit how we use
        sensitive information. Choose your request below. We use the details you give only to find your records and
        answer you: we act on a request not to sell or share within 48 hours and answer other requests within 45 days.
      </p>
      <form
        ref={form.formRef}
        className="privacy-request__form"
        aria-label="Privacy rights request"
        noValidate
        onSubmit={form.onSubmit}
      >
        <SelectField
          label="Request type"
          name="stateResidencyPrompt"
          value={form.values.stateResidencyPrompt}
          options={DO_NOT_SELL_REQUEST_OPTIONS}
          placeholder="Select your request"
          error={form.errors.stateResidencyPrompt}
          onChange={(v) => form.setField("stateResidencyPrompt", v)}
        />
        <div className="privacy-request__names">
          {text("firstName", "First Name", "given-name", { maxLength: 50 })}
          {text("middleName", "Middle Name", "additional-name", { maxLength: 50 })}
          {text("lastName", "Last Name", "family-name", { maxLength: 50 })}
        </div>
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
          label="Country"
          name="country"
          value={form.values.country}
          options={COUNTRY_OPTIONS}
          placeholder="Select your country"
          autoComplete="country"
          error={form.errors.country}
          onChange={(v) => form.setField("country", v)}
        />
        {text("zipCode", "Zip Code", "postal-code", { maxLength: 5, inputMode: "numeric" })}
        <SelectField
          label="State"
          name="state"
          value={form.values.state}
          options={US_STATES}
          placeholder="Select your state"
          autoComplete="address-level1"
          error={form.errors.state}
          onChange={(v) => form.setField("state", v)}
        />
        {text("address", "Address", "street-address", { maxLength: 100 })}
        {text("city", "City", "address-level2", { maxLength: 50 })}
        <HoneypotField inputRef={form.honeypotRef} />
        <button type="submit" className="button button--primary" aria-disabled={form.busy || undefined}>
          REQUEST NOW
        </button>
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
