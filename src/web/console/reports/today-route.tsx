import { buyerReasonsAnswer, todayAnswer } from "#domain/contracts/console-reports.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { ConsoleHome } from "../console-home.tsx";
import { LoadState } from "../load-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { CompareSwitch, PeriodPicker, useReportPeriod } from "./period-picker.tsx";
import { periodLine } from "./report-period.ts";
import { TodayView } from "./today-view.tsx";

export function meta() {
  return [{ title: consoleTitle("Today") }];
}

// The console's home (/console): Today for those who may read reports, the list of their parts for the others.
export default function TodayRoute() {
  const { can } = useConsole();
  return can("reports:read") ? <TodayScreen /> : <ConsoleHome />;
}

function TodayScreen() {
  const { can } = useConsole();
  const period = useReportPeriod("today");
  const report = useConsoleData("/reports/today", todayAnswer, period.query);
  // Asked apart: it reads the period's buyer calls, so the figures above need not wait for it. No comparison.
  const reasons = useConsoleData("/reports/today/buyer-reasons", buyerReasonsAnswer, {
    ...period.query,
    compare: undefined,
  });
  const data = report.state === "loading" ? undefined : report.data;
  return (
    <>
      <PageHeader
        title="Today"
        description={
          data ? periodLine(data.bounds, data.previous) : "Applications, sales and money over the period you pick."
        }
        actions={
          <>
            <PeriodPicker state={period} />
            <CompareSwitch state={period} />
          </>
        }
      />
      <LoadState load={report} what="the figures" showing={data !== undefined} rows={8} />
      {data ? (
        <TodayView
          report={data}
          canSeeLeads={can("leads:read")}
          buyerReasons={reasons.data?.bounds.from === data.bounds.from ? reasons.data : undefined}
          buyerReasonsLoad={reasons}
        />
      ) : null}
    </>
  );
}
