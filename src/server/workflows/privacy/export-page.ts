import { escapeHtml } from "../../platform/http/escape-html.ts";
import type { PersonalDataExport } from "./personal-data-export.ts";

// The printable form of a know request's answer: every value of the export, nested as it is in the JSON.

function render(value: unknown): string {
  if (value === null || value === undefined || value === "") return "<i>none</i>";
  if (Array.isArray(value)) {
    return value.length === 0 ? "<i>none</i>" : `<ol>${value.map((item) => `<li>${render(item)}</li>`).join("")}</ol>`;
  }
  if (typeof value === "object") {
    const rows = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${render(item)}</td></tr>`)
      .join("");
    return `<table><tbody>${rows}</tbody></table>`;
  }
  return escapeHtml(String(value));
}

export function exportPage(data: PersonalDataExport): string {
  return `<p>Everything we hold for ${escapeHtml(data.email)}, as of ${escapeHtml(data.generated_at)}.
Social Security, account, routing and licence numbers and the birth date are shown masked.
The button at the end gives the same as a JSON file.</p>
<h2>Applications</h2>
${render(data.applications)}
<h2>Privacy requests</h2>
${render(data.privacy_requests)}
<h2>E-mails we sent you</h2>
${render(data.emails_sent)}`;
}
