import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import {
  COUNTRY_OPTIONS,
  DO_NOT_SELL_REQUEST_OPTIONS,
  PRIVACY_RIGHTS_STATE_OPTIONS,
  US_STATES,
} from "#domain/options.ts";
import { digitsOnly } from "#domain/masks.ts";
import { doNotSellSchema } from "#domain/schemas/privacy-forms.ts";
import { sendDoNotSellRequest } from "#web/api/api.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { useGlobalPrivacyControl } from "#web/site/use-global-privacy-control.ts";
import { AlertDialog } from "#web/ui/alert-dialog.tsx";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import type { ZodForm } from "#web/ui/forms/use-zod-form.ts";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZipPlace } from "#web/api/use-zip-place.ts";
import { HoneypotField } from "./honeypot-field.tsx";
import { PhoneField } from "./phone-field.tsx";
import { usePrivacyRequestForm } from "./use-privacy-request-form.ts";

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
  country: "US",
  zipCode: "",
  state: "",
  address: "",
  city: "",
};

/** docs/product/validation.md: the zip keeps digits only, at most five, as it is typed. */
const zipDigits = (value: string) => digitsOnly(value).slice(0, 5);

// "California, Connecticut, Nevada, Utah, or Virginia": a resident of any one of them.
const STATE_NAMES = new Intl.ListFormat("en-US", { type: "disjunction" }).format(
  PRIVACY_RIGHTS_STATE_OPTIONS.map((s) => s.label),
);

/**
 * A complete zip sets the state to the zip's own, and the city too when none is typed yet: the request
 * must name where the visitor lives, and the server refuses a zip of another state.
 */
function useZipFillsPlace(form: ZodForm<typeof EMPTY, unknown>) {
  const zip = useWatch({ control: form.control, name: "zipCode" });
  const place = useZipPlace(zip).lookup?.place;
  const { setValue, getValues } = form;
  useEffect(() => {
    if (!place) return;
    setValue("state", place.state, { shouldValidate: getValues("state") !== "" });
    if (getValues("city").trim() === "") setValue("city", place.city, { shouldValidate: true });
  }, [place, setValue, getValues]);
}

// /do-not-sell-information (docs/product/screens-and-routes.md and docs/product/validation.md): every field of the
// spec, REQUEST NOW; the address in the usual US order, city and state filled from the zip, the one country
// preset and the middle name optional (docs/product/settled-readings.md#24-privacy-forms).
export default function DoNotSellPage() {
  const site = useSite();
  const request = usePrivacyRequestForm({ schema: doNotSellSchema, initial: EMPTY, send: sendDoNotSellRequest });
  const globalPrivacyControl = useGlobalPrivacyControl();
  const { control } = request.form;
  useZipFillsPlace(request.form);

  return (
    <div className="privacy-request">
      <h1>Do Not Sell or Share My Personal Information</h1>
      <p>
        If you live in {STATE_NAMES}, state law gives you the right to ask {site.brand.name} not to sell or share your
        personal information, and to ask us to tell you what we hold, correct it, delete it or limit how we use
        sensitive information. Choose your request below. We use the details you give only to find your records and
        answer you: we act on a request not to sell or share within 48 hours and answer other requests within 45 days.
        To see or delete what we hold, open the link we send to the e-mail address you give: only that address receives
        it.
      </p>
      {globalPrivacyControl ? (
        <p className="privacy-request__signal" role="note">
          Your browser sends a Global Privacy Control signal, and we honour it: we already treat it as a request not to
          sell or share the information of any application made from this browser.
        </p>
      ) : null}
      <form
        ref={request.form.formRef}
        className="privacy-request__form"
        aria-label="Privacy rights request"
        noValidate
        onSubmit={request.onSubmit}
      >
        <SelectField
          control={control}
          name="stateResidencyPrompt"
          label="Request type"
          options={DO_NOT_SELL_REQUEST_OPTIONS}
          placeholder="Select your request"
        />
        <div className="privacy-request__names">
          <TextField control={control} name="firstName" label="First Name" autoComplete="given-name" maxLength={50} />
          <TextField
            control={control}
            name="middleName"
            label="Middle Name (optional)"
            autoComplete="additional-name"
            maxLength={50}
          />
          <TextField control={control} name="lastName" label="Last Name" autoComplete="family-name" maxLength={50} />
        </div>
        <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <PhoneField control={control} name="phone" />
        <SelectField
          control={control}
          name="country"
          label="Country"
          options={COUNTRY_OPTIONS}
          placeholder="Select your country"
          autoComplete="country"
        />
        <TextField control={control} name="address" label="Address" autoComplete="street-address" maxLength={100} />
        <TextField control={control} name="city" label="City" autoComplete="address-level2" maxLength={50} />
        <SelectField
          control={control}
          name="state"
          label="State"
          options={US_STATES}
          placeholder="Select your state"
          autoComplete="address-level1"
        />
        <TextField
          control={control}
          name="zipCode"
          label="Zip Code"
          autoComplete="postal-code"
          maxLength={5}
          inputMode="numeric"
          normalize={zipDigits}
        />
        <HoneypotField inputRef={request.honeypotRef} />
        <button type="submit" className="button button--primary" aria-disabled={request.form.busy || undefined}>
          REQUEST NOW
        </button>
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
