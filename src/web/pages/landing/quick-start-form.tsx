import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, PrefetchPageLinks, useNavigate } from "react-router";
import { QUICK_START_ASSURANCES } from "#domain/assurances.ts";
import { CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { digitsOnly } from "#domain/masks.ts";
import { DEFAULT_LOAN_AMOUNT, DEFAULT_LOAN_REASON, LOAN_AMOUNT_OPTIONS, LOAN_REASON_OPTIONS } from "#domain/options.ts";
import type { QuickStart } from "#domain/schemas/quick-start.ts";
import { fetchVisitorIp } from "#web/api/api.ts";
import { consentPlaceholdersFor } from "#web/site/consent-placeholders.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { ConsentVendorFields } from "#web/site/consent-vendor-fields.tsx";
import { captureConsentVendors, useConsentVendors } from "#web/site/use-consent-vendors.ts";
import { useSite } from "#web/site/use-site.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { LinkedText } from "#web/ui/linked-text.tsx";
import { TrustSeals } from "#web/frame/trust-seals.tsx";
import { useOpenInfoPopup } from "#web/frame/info/info-popups.tsx";
import { readTemporaryContact, saveTemporaryContact, trimUserAgent } from "#web/session/temporary-contact.ts";
import { useZipPlace } from "#web/api/use-zip-place.ts";

const QUICK_START_NEXT_PATH = "/lgname";

const DEFAULTS = { amount: String(DEFAULT_LOAN_AMOUNT), loanReason: DEFAULT_LOAN_REASON, zipCode: "" };

// The schema (with zod and the shared field rules) is not part of the page's first load: it is imported when
// the visitor first reaches the form, well before a submit needs it (docs/decisions/0024-landing-performance.md).
const loadQuickStartSchema = () => import("#domain/schemas/quick-start.ts").then((m) => m.quickStartSchema);

/** docs/product/validation.md: other characters are stripped as they are typed, at most five digits. */
const zipDigits = (value: string) => digitsOnly(value).slice(0, 5);

// The quick start form of docs/product/screens-and-routes.md, docs/product/behaviour.md and docs/product/validation.md:
// validated on submit and again on every change; the zip resolves to a city and state as it is typed; on success the
// temporary contact is kept and the visitor moves on to /lgname. A second submit while one is running is ignored.
export function QuickStartForm() {
  const site = useSite();
  const navigate = useNavigate();
  const openPopup = useOpenInfoPopup();
  const form = useZodForm(loadQuickStartSchema, { defaultValues: DEFAULTS });
  const zipCode = useWatch({ control: form.control, name: "zipCode" });
  const { lookup, resolve } = useZipPlace(zipCode);
  // The funnel's first screen and the form's schema are fetched once the visitor reaches the form (focus, a
  // pointer over it, a touch), while they fill it in: not with the page, where they would compete with what
  // the page itself needs to paint.
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const { formRef } = form;
  useEffect(() => {
    // Focus given before the page's JavaScript ran counts too.
    if (formRef.current?.contains(document.activeElement)) setReached(true);
  }, [formRef]);
  useEffect(() => {
    if (reached) loadQuickStartSchema().catch(() => undefined);
  }, [reached]);
  useConsentVendors();

  // Back from the funnel's first screen (or a reload of this page in the same tab) shows the answers the
  // visitor gave, unless they have already started changing the form (docs/product/screens-and-routes.md).
  const { getValues, setValue } = form;
  useEffect(() => {
    const kept = readTemporaryContact();
    const untouched = Object.entries(DEFAULTS).every(
      ([name, value]) => getValues(name as keyof typeof DEFAULTS) === value,
    );
    if (!kept || !untouched) return;
    setValue("amount", String(kept.amount));
    setValue("loanReason", kept.loanReason as QuickStart["loanReason"]);
    setValue("zipCode", kept.zipCode);
  }, [getValues, setValue]);

  // The exact, versioned consent wording of src/domain/consent.ts with this brand's name and short code;
  // the lead keeps the version and these values as evidence of the text shown.
  const placeholders = consentPlaceholdersFor(site);
  const consentText = fillConsent(CONSENT_TEXTS.quick_start, placeholders);

  // docs/product/errors.md: once a submit was tried, a zip with no city is refused with `Invalid`, and the message
  // stays until the zip changes.
  const { isSubmitted, isSubmitting } = form.formState;
  const zipUnknown = (isSubmitted || isSubmitting) && lookup?.status === "unknown" ? MESSAGES.zipUnknown : undefined;
  const place = lookup?.status === "found" ? lookup.place : undefined;

  const onValid = async (values: QuickStart) => {
    const [found, ipAddress] = await Promise.all([resolve(values.zipCode), fetchVisitorIp()]);
    if (!found) {
      // The lookup state (set by useZipPlace for this same request) now shows `Invalid` under the field.
      form.focusFirstInvalid();
      return;
    }
    // The names typed on the legal name screen stay when the visitor comes back here and goes on again.
    const earlier = readTemporaryContact();
    // The Jornaya LeadiD token is the lead's lead-tracking id (docs/product/lead-fields.md).
    const trackingId = captureConsentVendors().jornayaLeadId;
    saveTemporaryContact({
      ...(earlier?.firstName ? { firstName: earlier.firstName } : {}),
      ...(earlier?.lastName ? { lastName: earlier.lastName } : {}),
      amount: values.amount,
      loanReason: values.loanReason,
      zipCode: values.zipCode,
      city: found.city,
      state: found.state,
      lat: found.lat,
      long: found.long,
      ...(ipAddress ? { ipAddress } : {}),
      userAgent: trimUserAgent(navigator.userAgent),
      ...(trackingId ? { trackingId } : {}),
      consent: {
        key: CONSENT_TEXTS.quick_start.key,
        version: CONSENT_TEXTS.quick_start.version,
        page_url: window.location.pathname,
        placeholders,
      },
    });
    await navigate(QUICK_START_NEXT_PATH);
  };

  return (
    <form
      ref={form.formRef}
      className="quick-start"
      aria-labelledby="quick-start-title"
      aria-busy={form.busy}
      noValidate
      onFocus={reach}
      onPointerEnter={reach}
      onSubmit={form.submitWith(onValid)}
    >
      <h2 id="quick-start-title" className="quick-start__title">
        Get started
      </h2>
      <SelectField
        control={form.control}
        name="amount"
        label="Loan Amount"
        hint="$100 - $5,000"
        options={LOAN_AMOUNT_OPTIONS}
      />
      <SelectField control={form.control} name="loanReason" label="Reason for loan" options={LOAN_REASON_OPTIONS} />
      <TextField
        control={form.control}
        name="zipCode"
        label="Your Zip Code"
        error={zipUnknown}
        note={place ? `${place.city}, ${place.state}` : undefined}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="postal-code"
        normalize={zipDigits}
      />
      {reached ? <PrefetchPageLinks page={QUICK_START_NEXT_PATH} /> : null}
      {/* Filled by the consent-certificate vendors' scripts when one is configured; never shown. */}
      <ConsentVendorFields />
      <button
        type="submit"
        className="button button--primary quick-start__submit"
        aria-disabled={form.busy || undefined}
      >
        <span>REQUEST NOW</span>
        {form.busy ? <span className="spinner quick-start__spinner" aria-hidden="true" /> : null}
        {form.busy ? <span className="visually-hidden">Please wait</span> : null}
      </button>
      {/* Right under the button, where the visitor decides; the seals follow the consent text. */}
      <ul className="quick-start__assurances" aria-label="Our promises">
        {QUICK_START_ASSURANCES.map((item) => (
          <li key={item.id}>{item.text}</li>
        ))}
      </ul>
      <p className="quick-start__consent">
        <LinkedText
          text={consentText}
          links={{
            "Privacy Policy": (phrase) => (
              <Link to={PAGE_LINKS.privacy.to} target="_blank" rel="noopener">
                {phrase}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            ),
            "Terms of Use": (phrase) => (
              <Link to={PAGE_LINKS.terms.to} target="_blank" rel="noopener">
                {phrase}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            ),
            "Rates and Fees": (phrase) => (
              <button type="button" className="link-button" onClick={() => openPopup("rates-and-fees")}>
                {phrase}
              </button>
            ),
            "the list of marketing partners": (phrase) => (
              <button type="button" className="link-button" onClick={() => openPopup("marketing-partners")}>
                {phrase}
              </button>
            ),
          }}
        />
      </p>
      <TrustSeals label="Security seals" compact />
    </form>
  );
}
