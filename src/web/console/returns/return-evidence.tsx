import { Anchor, Box, Text } from "@mantine/core";
import type { ConsoleReturn } from "#domain/contracts/console-returns.ts";
import { CHECK_LABELS } from "#domain/screening/quality-checks.ts";
import { answerText } from "../leads/lead-quality.tsx";
import { formatCents } from "../reports/report-format.ts";
import { formatDate, formatDateTime } from "../time.ts";

const FIELD_LABELS = { email: "e-mail", phone: "phone", ssn: "SSN" } as const;

type Check = NonNullable<ConsoleReturn["evidence"]["quality"]>["checks"][number];

/**
 * The evidence in a few words, on its folded line: the sale's price, how many earlier submissions match, and the
 * gate's answers that bear on the reason (a wrong number's line type).
 */
function gist({ sale, duplicates, quality }: ConsoleReturn["evidence"]) {
  const earlier = duplicates.matches.reduce((sum, m) => sum + m.count, 0);
  const bearing = quality?.checks.filter((c) => c.bears) ?? [];
  return `${sale ? `Sold for ${formatCents(sale.price_cents)}` : "No sale"}, ${
    earlier === 0 ? "no earlier submission" : `${earlier} earlier submission${earlier === 1 ? "" : "s"}`
  }${bearing.length ? `; ${bearing.map((c) => `${CHECK_LABELS[c.check]}: ${c.answer}`).join(", ")}` : ""}`;
}

function Answers({ checks }: { checks: readonly Check[] }) {
  return checks.map((c) => (
    <Text key={c.check} size="sm" display="block" span>
      {CHECK_LABELS[c.check]}: {answerText(c)}
    </Text>
  ));
}

// What the product holds beside a return's reason (docs/product/partners.md#returns): the sale, earlier submissions of
// the same person (how many and when, never what), the phone's check, the gate's answers (those that bear on the
// reason first, under a term of their own) and the consent certificate. Folded under its gist, so the queue stays one
// line a return; a native disclosure, which the keyboard and screen readers know. A lead sold before the gate has no
// answers, and no term for them.
export function ReturnEvidence({ evidence, timeZone }: { evidence: ConsoleReturn["evidence"]; timeZone: string }) {
  const { sale, duplicates, phone, quality, certificate_url } = evidence;
  const bearing = quality?.checks.filter((c) => c.bears) ?? [];
  const rest = quality?.checks.filter((c) => !c.bears) ?? [];
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
        {quality ? (
          <>
            {quality.refused_reason === null ? null : (
              <>
                <dt>Refused by the gate</dt>
                <dd>{quality.refused_reason}</dd>
              </>
            )}
            {bearing.length ? (
              <>
                <dt>Gate, on the reason</dt>
                <dd>
                  <Answers checks={bearing} />
                </dd>
              </>
            ) : null}
            {rest.length ? (
              <>
                <dt>{bearing.length ? "Gate, the rest" : "Gate"}</dt>
                <dd>
                  <Answers checks={rest} />
                </dd>
              </>
            ) : null}
          </>
        ) : null}
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
