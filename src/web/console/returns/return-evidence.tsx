import type { ConsoleReturn } from "#domain/contracts/console-returns.ts";
import { formatCents } from "../reports/report-format.ts";
import { formatDate, formatDateTime } from "../time.ts";

const FIELD_LABELS = { email: "e-mail", phone: "phone", ssn: "SSN" } as const;

// What the product holds beside a return's reason (docs/product/partners.md#returns): the sale, earlier submissions of
// the same person (how many and when, never what), the phone's check and the consent certificate.
export function ReturnEvidence({ evidence, timeZone }: { evidence: ConsoleReturn["evidence"]; timeZone: string }) {
  const { sale, duplicates, phone, certificate_url } = evidence;
  return (
    <dl className="return-evidence">
      <dt>Sale</dt>
      <dd>
        {sale
          ? `${sale.buyer_id}, ${formatCents(sale.price_cents)}, ${formatDateTime(sale.sold_at, timeZone)}`
          : "No sale in the ledger."}
      </dd>
      <dt>Duplicates</dt>
      <dd>
        {duplicates.matches.length === 0
          ? `No earlier submission of the same person within ${duplicates.window_days} days.`
          : duplicates.matches.map((m) => (
              <span key={m.field} className="return-evidence__match">
                Same {FIELD_LABELS[m.field]} {m.count} time{m.count === 1 ? "" : "s"} within {duplicates.window_days}{" "}
                days before: {m.dates.map((d) => formatDate(d, timeZone)).join(", ")}
                {m.count > m.dates.length ? " and earlier" : ""}.
              </span>
            ))}
      </dd>
      <dt>Phone</dt>
      <dd>{phone.summary}</dd>
      <dt>Consent</dt>
      <dd>
        {certificate_url ? (
          <a href={certificate_url} target="_blank" rel="noreferrer">
            Consent certificate
          </a>
        ) : (
          "No consent recorded for this lead."
        )}
      </dd>
    </dl>
  );
}
