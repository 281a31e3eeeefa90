import { Anchor, Box, Text } from "@mantine/core";
import type { ConsoleReturn } from "#domain/contracts/console-returns.ts";
import { formatCents } from "../reports/report-format.ts";
import { formatDate, formatDateTime } from "../time.ts";

const FIELD_LABELS = { email: "e-mail", phone: "phone", ssn: "SSN" } as const;

/** The evidence in a few words, on its folded line: the sale's price and how many earlier submissions match. */
function gist({ sale, duplicates }: ConsoleReturn["evidence"]) {
  const earlier = duplicates.matches.reduce((sum, m) => sum + m.count, 0);
  return `${sale ? `Sold for ${formatCents(sale.price_cents)}` : "No sale"}, ${
    earlier === 0 ? "no earlier submission" : `${earlier} earlier submission${earlier === 1 ? "" : "s"}`
  }`;
}

// What the product holds beside a return's reason (docs/product/partners.md#returns): the sale, earlier submissions of
// the same person (how many and when, never what), the phone's check and the consent certificate. Folded under its
// gist, so the queue stays one line a return; a native disclosure, which the keyboard and screen readers know.
export function ReturnEvidence({ evidence, timeZone }: { evidence: ConsoleReturn["evidence"]; timeZone: string }) {
  const { sale, duplicates, phone, certificate_url } = evidence;
  return (
    <details className="return-evidence">
      <summary>
        <Text span size="sm">
          {gist(evidence)}
        </Text>
      </summary>
      <Box component="dl" className="console-facts" mt="xs" mb={0}>
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
                <Text key={m.field} size="sm" display="block" span>
                  Same {FIELD_LABELS[m.field]} {m.count} time{m.count === 1 ? "" : "s"} within {duplicates.window_days}{" "}
                  days before: {m.dates.map((d) => formatDate(d, timeZone)).join(", ")}
                  {m.count > m.dates.length ? " and earlier" : ""}.
                </Text>
              ))}
        </dd>
        <dt>Phone</dt>
        <dd>{phone.summary}</dd>
        <dt>Consent</dt>
        <dd>
          {certificate_url ? (
            <Anchor href={certificate_url} target="_blank" rel="noreferrer" size="sm">
              Consent certificate
            </Anchor>
          ) : (
            "No consent recorded for this lead."
          )}
        </dd>
      </Box>
    </details>
  );
}
