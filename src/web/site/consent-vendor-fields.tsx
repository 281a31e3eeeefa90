import { JORNAYA_FIELD_ID, JORNAYA_FIELD_NAME, TRUSTEDFORM_FIELD } from "#domain/consent-vendors.ts";

/**
 * The hidden fields the consent-certificate vendors' scripts fill (TrustedForm's certificate URL, Jornaya's
 * LeadiD token: the spec's hidden lead-tracking token field). Empty and inert unless a vendor is configured.
 * No value prop: a hidden input's value is its attribute, which React would reset on every re-render.
 */
export function ConsentVendorFields() {
  return (
    <>
      <input type="hidden" name={TRUSTEDFORM_FIELD} />
      <input type="hidden" id={JORNAYA_FIELD_ID} name={JORNAYA_FIELD_NAME} />
    </>
  );
}
