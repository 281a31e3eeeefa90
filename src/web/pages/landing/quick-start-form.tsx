import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link, PrefetchPageLinks, useNavigate } from "react-router";
import { CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { digitsOnly } from "#domain/masks.ts";
import { DEFAULT_LOAN_AMOUNT, DEFAULT_LOAN_REASON, LOAN_AMOUNT_OPTIONS, LOAN_REASON_OPTIONS } from "#domain/options.ts";
import { quickStartSchema } from "#domain/schemas/quick-start.ts";
import { fetchVisitorIp } from "#web/api.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { useSite } from "#web/site/use-site.ts";
import { FormField } from "#web/ui/form-field.tsx";
import { LinkedText } from "#web/ui/linked-text.tsx";
import { fieldErrorsOf, focusFirstInvalid } from "#web/ui/schema-errors.ts";
import { SelectField } from "#web/ui/select-field.tsx";
import { useOpenInfoPopup } from "../info/info-popups.tsx";
import { saveTemporaryContact, trimUserAgent } from "./temporary-contact.ts";
import { DEFAULT_TRACKING_FIELD, useTrackingToken } from "./use-tracking-token.ts";
import { useZipPlace } from "./use-zip-place.ts";
import "./quick-start-form.css";

type Values = { amount: string; loanReason: string; zipCode: string };

export const QUICK_START_NEXT_PATH = "/lgname";

// The quick start form of spec sections 2, 4 and 5: validated on submit and again on every change; the
// zip resolves to a city and state as it is typed; on success the temporary contact is kept and the
// visitor moves on to /lgname. A second submit while one is running is ignored.
export function QuickStartForm() {
  const site = useSite();
  const navigate = useNavigate();
  const openPopup = useOpenInfoPopup();
  const formRef = useRef<HTMLFormElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);
  const [values, setValues] = useState<Values>({
    amount: String(DEFAULT_LOAN_AMOUNT),
    loanReason: DEFAULT_LOAN_REASON,
    zipCode: "",
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The funnel's code is fetched once this page is interactive, while the visitor fills in the form: not
  // in the prerendered HTML, where it would compete with what the page itself needs to paint.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);
  const { lookup, resolve } = useZipPlace(values.zipCode);
  const trackingField = site.tracking?.fieldName ?? DEFAULT_TRACKING_FIELD;
  const readTrackingField = useCallback(() => trackingRef.current?.value, []);
  const trackingId = useTrackingToken(site.tracking, readTrackingField);

  // The exact, versioned consent wording of src/domain/consent.ts: the lead keeps its version as evidence.
  const consentText = fillConsent(CONSENT_TEXTS.quick_start, site.brand.name).replaceAll(
    "{shortCode}",
    site.smsShortCode,
  );

  const errors = submitted ? fieldErrorsOf(quickStartSchema, values) : {};
  // Spec section 8: a zip with no city is refused with `Invalid`, and the message stays until the zip changes.
  const zipError = errors.zipCode ?? (submitted && lookup?.status === "unknown" ? MESSAGES.zipUnknown : undefined);
  const place = lookup?.status === "found" ? lookup.place : undefined;

  const update = (name: keyof Values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    setSubmitted(true);
    const parsed = quickStartSchema.safeParse(values);
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const [found, ipAddress] = await Promise.all([resolve(parsed.data.zipCode), fetchVisitorIp()]);
      if (!found) {
        // The lookup state (set by useZipPlace for this same request) now shows `Invalid` under the field.
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
        return;
      }
      saveTemporaryContact({
        amount: parsed.data.amount,
        loanReason: parsed.data.loanReason,
        zipCode: parsed.data.zipCode,
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
        },
      });
      await navigate(QUICK_START_NEXT_PATH);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="quick-start"
      aria-labelledby="quick-start-title"
      aria-busy={busy}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 id="quick-start-title" className="quick-start__title">
        Get started
      </h2>
      <SelectField
        label="Loan Amount"
        hint="$100 - $5,000"
        name="amount"
        value={values.amount}
        options={LOAN_AMOUNT_OPTIONS}
        error={errors.amount}
        onChange={(v) => update("amount", v)}
      />
      <SelectField
        label="Reason for loan"
        name="loanReason"
        value={values.loanReason}
        options={LOAN_REASON_OPTIONS}
        error={errors.loanReason}
        onChange={(v) => update("loanReason", v)}
      />
      <FormField label="Your Zip Code" error={zipError} note={place ? `${place.city}, ${place.state}` : undefined}>
        {(control) => (
          <input
            {...control}
            name="zipCode"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="postal-code"
            maxLength={5}
            value={values.zipCode}
            // Spec section 5: other characters are stripped as they are typed.
            onChange={(e) => update("zipCode", digitsOnly(e.target.value).slice(0, 5))}
          />
        )}
      </FormField>
      {hydrated ? <PrefetchPageLinks page={QUICK_START_NEXT_PATH} /> : null}
      {/* Filled by the lead-tracking script when one is configured; never shown. */}
      <input ref={trackingRef} type="hidden" name={trackingField} defaultValue="" />
      <button type="submit" className="button button--primary quick-start__submit" aria-disabled={busy || undefined}>
        <span>REQUEST NOW</span>
        {busy ? <span className="quick-start__spinner" aria-hidden="true" /> : null}
        {busy ? <span className="visually-hidden">Please wait</span> : null}
      </button>
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
    </form>
  );
}
