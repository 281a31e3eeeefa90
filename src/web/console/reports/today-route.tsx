import { useState } from "react";
import { buyerReasonsAnswer, todayAnswer, type ReportPeriod } from "#domain/contracts/console-reports.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { ConsoleHome } from "../console-home.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { PeriodSwitch } from "./period-switch.tsx";
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
  const { can, timeZone } = useConsole();
  const [period, setPeriod] = useState<ReportPeriod>("today");
  const report = useConsoleData("/reports/today", todayAnswer, { period, tz: timeZone });
  // Asked apart: it reads the period's buyer calls, so the figures above need not wait for it.
  const reasons = useConsoleData("/reports/today/buyer-reasons", buyerReasonsAnswer, { period, tz: timeZone });
  return (
    <>
      <h1>Today</h1>
      <PeriodSwitch value={period} onChange={setPeriod} />
      <LoadState load={report} what="the figures" />
      {report.data ? (
        <TodayView
          report={report.data}
          canSeeLeads={can("leads:read")}
          buyerReasons={reasons.data?.bounds.from === report.data.bounds.from ? reasons.data : undefined}
          buyerReasonsLoad={reasons}
        />
      ) : null}
    </>
  );
}
