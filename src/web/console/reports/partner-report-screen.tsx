import type { ReactNode } from "react";
import type { z } from "zod";
import { LoadState } from "../load-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { CompareSwitch, PeriodPicker, useReportPeriod } from "./period-picker.tsx";
import { periodLine } from "./report-period.ts";

type PartnerAnswer = { bounds: { first_day: string; last_day: string; tz: string }; previous: unknown };

// The buyer and publisher reports' frame: the page header with the period and the comparison (both in the address),
// the read of the report, its skeleton and failure, and the body for its answer.
export function PartnerReportScreen<S extends z.ZodType>({
  title,
  description,
  path,
  answer,
  what,
  children,
}: {
  title: string;
  description: string;
  /** The report's path under /api/console. */
  path: string;
  answer: S;
  /** What the failure says could not be loaded ("the buyer report"). */
  what: string;
  children: (data: z.output<S> extends { data: infer D } ? D : never) => ReactNode;
}) {
  const period = useReportPeriod("today");
  const report = useConsoleData(path, answer, period.query);
  const data = report.state === "loading" ? undefined : report.data;
  const shown = data as PartnerAnswer | undefined;
  return (
    <>
      <PageHeader
        title={title}
        description={
          shown
            ? periodLine(shown.bounds, (shown.previous ?? null) as { bounds: PartnerAnswer["bounds"] } | null)
            : description
        }
        actions={
          <>
            <PeriodPicker state={period} />
            <CompareSwitch state={period} />
          </>
        }
      />
      <LoadState load={report} what={what} showing={data !== undefined} rows={8} />
      {data === undefined ? null : children(data)}
    </>
  );
}
