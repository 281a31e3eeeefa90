import type { ConsentCertificate } from "#domain/contracts/consent-certificate.ts";
import { escapeHtml } from "../../platform/http/escape-html.ts";
import { plainPage } from "../../platform/http/plain-page.ts";

// The printable consent certificate (the API's own Content-Security-Policy, default-src 'none', applies).

const row = (label: string, value: string | null) =>
  `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value ?? "not recorded")}</td></tr>`;

export function certificatePage(certificate: ConsentCertificate, jsonUrl: string): string {
  const sections = certificate.consents
    .map(
      (consent, i) => `<section aria-labelledby="consent-${i}">
<h2 id="consent-${i}">Consent ${i + 1}: ${escapeHtml(consent.kinds.join(", "))}</h2>
<blockquote><p>${escapeHtml(consent.text)}</p></blockquote>
<table><tbody>
${row("Button pressed", consent.button)}
${row("Given at (UTC)", consent.given_at)}
${row("Page", consent.page_url)}
${row("IP address", consent.ip)}
${row("Browser", consent.user_agent)}
${row("Text version", consent.text_version)}
${row("Text sha256", consent.text_hash)}
${row("Text on file for that hash", consent.text_verified ? "yes" : "no")}
</tbody></table>
</section>`,
    )
    .join("\n");
  const vendors = certificate.vendor_evidence;
  const vendorSection = vendors
    ? `<section aria-labelledby="vendor-evidence">
<h2 id="vendor-evidence">Independent witnesses</h2>
<table><tbody>
${vendors.trustedFormURL ? row("TrustedForm certificate", vendors.trustedFormURL) : ""}
${vendors.jornayaLeadId ? row("Jornaya LeadiD token", vendors.jornayaLeadId) : ""}
</tbody></table>
</section>`
    : "";
  return plainPage(
    "Consent certificate",
    `<p>Lead ${escapeHtml(certificate.lead_id)}: every consent given, with the exact text shown.
Machine-readable: <a href="${escapeHtml(jsonUrl)}">JSON</a>.</p>
${sections}
${vendorSection}`,
  );
}
