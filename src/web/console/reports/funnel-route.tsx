import { Group, NativeSelect, TextInput } from "@mantine/core";
import { useState } from "react";
import {
  DEVICES,
  FUNNEL_PATHS,
  funnelAnswer,
  type Device,
  type FunnelPath,
} from "#domain/contracts/console-reports.ts";
import { consoleTitle } from "../console-nav.ts";
import { LoadState } from "../load-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { FunnelView } from "./funnel-view.tsx";
import { PeriodPicker, useReportPeriod } from "./period-picker.tsx";
import { periodLine } from "./report-period.ts";

export function meta() {
  return [{ title: consoleTitle("Funnel") }];
}

const PATH_LABELS: Record<FunnelPath, string> = { main: "Main path", apply: "/apply/* path" };
const DEVICE_LABELS: Record<Device, string> = { phone: "Phones", desktop: "Desktops" };

// Where visitors leave the application, step by step, over the period in the address (the funnel has no period
// before: its contract does not offer one).
export default function FunnelRoute() {
  const period = useReportPeriod("7d");
  const [path, setPath] = useState<FunnelPath>("main");
  const [device, setDevice] = useState<Device | "">("");
  const [source, setSource] = useState("");
  const report = useConsoleData("/reports/funnel", funnelAnswer, {
    ...period.query,
    compare: undefined,
    path,
    device,
    source: source.trim(),
  });
  const data = report.state === "loading" ? undefined : report.data;
  return (
    <>
      <PageHeader
        title="Funnel"
        description={
          data
            ? periodLine({ first_day: period.range.from, last_day: period.range.to, tz: data.bounds.tz }, null)
            : "Where visitors leave the application, step by step."
        }
        actions={<PeriodPicker state={period} />}
      />
      <Group gap="md" align="flex-end" mb="md" wrap="wrap">
        <NativeSelect
          label="Path"
          value={path}
          onChange={(e) => setPath(e.currentTarget.value as FunnelPath)}
          data={FUNNEL_PATHS.map((p) => ({ value: p, label: PATH_LABELS[p] }))}
        />
        <NativeSelect
          label="Device"
          value={device}
          onChange={(e) => setDevice(e.currentTarget.value as Device | "")}
          data={[{ value: "", label: "All" }, ...DEVICES.map((d) => ({ value: d, label: DEVICE_LABELS[d] }))]}
        />
        <TextInput
          label="Source (utm_source)"
          value={source}
          maxLength={100}
          onChange={(e) => setSource(e.currentTarget.value)}
        />
      </Group>
      <LoadState load={report} what="the funnel" showing={data !== undefined} rows={8} />
      {data ? <FunnelView report={data} /> : null}
    </>
  );
}
