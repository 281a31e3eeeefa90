import { useState } from "react";
import {
  DEVICES,
  FUNNEL_PATHS,
  funnelAnswer,
  type Device,
  type FunnelPath,
  type ReportPeriod,
} from "#domain/contracts/console-reports.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { FunnelView } from "./funnel-view.tsx";
import { PeriodSwitch } from "./period-switch.tsx";

export function meta() {
  return [{ title: consoleTitle("Funnel") }];
}

const PATH_LABELS: Record<FunnelPath, string> = { main: "Main path", apply: "/apply/* path" };
const DEVICE_LABELS: Record<Device, string> = { phone: "Phones", desktop: "Desktops" };

export default function FunnelRoute() {
  const { timeZone } = useConsole();
  const [period, setPeriod] = useState<ReportPeriod>("7d");
  const [path, setPath] = useState<FunnelPath>("main");
  const [device, setDevice] = useState<Device | "">("");
  const [source, setSource] = useState("");
  const report = useConsoleData("/reports/funnel", funnelAnswer, {
    period,
    tz: timeZone,
    path,
    device,
    source: source.trim(),
  });
  return (
    <>
      <h1>Funnel</h1>
      <PeriodSwitch value={period} onChange={setPeriod} />
      <div className="report-filters">
        <label>
          Path{" "}
          <select value={path} onChange={(e) => setPath(e.target.value as FunnelPath)}>
            {FUNNEL_PATHS.map((p) => (
              <option key={p} value={p}>
                {PATH_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Device{" "}
          <select value={device} onChange={(e) => setDevice(e.target.value as Device | "")}>
            <option value="">All</option>
            {DEVICES.map((d) => (
              <option key={d} value={d}>
                {DEVICE_LABELS[d]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Source (utm_source) <input value={source} maxLength={100} onChange={(e) => setSource(e.target.value)} />
        </label>
      </div>
      <LoadState load={report} what="the funnel" />
      {report.data ? <FunnelView report={report.data} /> : null}
    </>
  );
}
