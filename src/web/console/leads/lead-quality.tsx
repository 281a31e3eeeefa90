import { Alert, Table, Text } from "@mantine/core";
import type { LeadTimelineEvent } from "#domain/contracts/console-leads.ts";
import type { QualityCheckRow } from "#domain/contracts/console-quality.ts";
import { CHECK_LABELS } from "#domain/screening/quality-checks.ts";
import { formatDateTime } from "../time.ts";

// The gate's record of a lead (docs/product/screening.md#the-quality-record) on its page: what each check answered,
// what answered it and why, and the refusal if there was one. Answers and short reasons only, nothing of the person.

type QualityEvent = Extract<LeadTimelineEvent, { kind: "quality" }>;

/** The lead's record, from its timeline; undefined for a lead the gate never saw. */
export const qualityOf = (events: readonly LeadTimelineEvent[]): QualityEvent | undefined =>
  events.find((event): event is QualityEvent => event.kind === "quality");

/** One answer in a line: "voip (twilio: Bandwidth)". */
export const answerText = (row: QualityCheckRow) =>
  `${row.answer} (${row.source}${row.detail ? `: ${row.detail}` : ""})`;

/** The refusal, where it is seen whatever tab is open; nothing for a lead the gate let through. */
export function GateRefusal({ quality }: { quality: QualityEvent | undefined }) {
  if (!quality || quality.refused_reason === null) return null;
  return (
    <Alert color="red" variant="light" role="note" mb="md">
      <Text fw={600} size="sm">
        Refused by the gate: {quality.refused_reason}
      </Text>
    </Alert>
  );
}

/** Each check's answer, its source and its detail. */
function QualityTable({ rows, label }: { rows: readonly QualityCheckRow[]; label: string }) {
  return (
    <Table aria-label={label} withTableBorder w="auto">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Check</Table.Th>
          <Table.Th scope="col">Answer</Table.Th>
          <Table.Th scope="col">Source</Table.Th>
          <Table.Th scope="col">Detail</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.check}>
            <Table.Th scope="row">{CHECK_LABELS[row.check]}</Table.Th>
            <Table.Td>{row.answer}</Table.Td>
            <Table.Td>{row.source}</Table.Td>
            <Table.Td>{row.detail ?? ""}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The lead page's Quality tab: when the gate checked the lead and how long it took, then every answer. */
export function LeadQuality({ quality, timeZone }: { quality: QualityEvent; timeZone: string }) {
  return (
    <>
      <Text size="sm" mb="sm">
        Checked by the gate <time dateTime={quality.at}>{formatDateTime(quality.at, timeZone)}</time>, in {quality.ms}{" "}
        ms.
      </Text>
      <QualityTable rows={quality.checks} label="Quality" />
    </>
  );
}
