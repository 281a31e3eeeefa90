import { Group, Stack, Text, Title } from "@mantine/core";
import { screeningReportAnswer, type ScreeningReport } from "#domain/contracts/console-screening.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { PeriodPicker, useReportPeriod } from "../reports/period-picker.tsx";
import { periodLine } from "../reports/report-period.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { AnswersTable, OutsideCallsTable } from "./check-tables.tsx";
import { FigureSummary } from "./figure-summary.tsx";
import { RefusedByReason, RefusedBySource } from "./refusal-tables.tsx";

// The gate's figures over a period kept in the address, as the reports keep theirs (GET /api/console/screening/report,
// reports:read): how many leads it checked and refused and why, by source and publisher, what each check answered,
// and the outside calls it paid for. The period has no comparison: the gate's report has no period before.
export function ScreeningFigures() {
  const { timeZone } = useConsole();
  const period = useReportPeriod("7d");
  const report = useConsoleData("/screening/report", screeningReportAnswer, { ...period.query, compare: undefined });
  const data = report.state === "loading" ? undefined : report.data;
  return (
    <section aria-labelledby="screening-figures-title">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Title order={2} size="h3" id="screening-figures-title">
            Figures
          </Title>
          <Text c="dimmed" size="sm">
            {periodLine({ first_day: period.range.from, last_day: period.range.to, tz: timeZone }, null)}
          </Text>
        </Stack>
        <PeriodPicker state={period} />
      </Group>
      <LoadState load={report} what="the gate's figures" showing={data !== undefined} rows={8} />
      {data ? <FiguresOf report={data} fileName={`screening-${period.range.from}-to-${period.range.to}`} /> : null}
    </section>
  );
}

function FiguresOf({ report, fileName }: { report: ScreeningReport; fileName: string }) {
  return (
    <Stack gap={0} mt="md">
      <FigureSummary report={report} />
      {report.checked === 0 ? (
        <Stack my="md">
          <EmptyState
            title="No lead was checked in this period"
            hint="The gate checks each lead once, when it first goes to the buyers. Pick a longer period, or look again once leads arrive."
          />
        </Stack>
      ) : (
        <>
          <RefusedByReason report={report} fileName={fileName} />
          <RefusedBySource report={report} fileName={fileName} />
          <AnswersTable report={report} fileName={fileName} />
        </>
      )}
      <OutsideCallsTable report={report} fileName={fileName} />
    </Stack>
  );
}
