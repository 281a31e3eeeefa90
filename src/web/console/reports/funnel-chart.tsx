import { BarChart } from "@mantine/charts";
import { Paper } from "@mantine/core";
import type { FunnelReport } from "#domain/contracts/console-reports.ts";

type Step = FunnelReport["steps"][number];

// Where visitors drop out, for the eye: reached and saved per step, in the path's order. Hidden from screen
// readers and out of the tab order; the steps table below it holds the same figures.
export function FunnelChart({ steps }: { steps: Step[] }) {
  return (
    <Paper withBorder p="md" radius="md" aria-hidden="true" style={{ overflowX: "auto" }}>
      <BarChart
        h={320}
        miw={Math.max(640, steps.length * 36)}
        data={steps}
        dataKey="path"
        series={[
          { name: "reached", label: "Reached", color: "indigo.6" },
          { name: "saved", label: "Saved", color: "teal.7" },
        ]}
        withLegend
        legendProps={{ verticalAlign: "top" }}
        // Every step named, slanted so thirty paths fit under their bars.
        xAxisProps={{
          interval: 0,
          height: 90,
          tick: { angle: -45, textAnchor: "end", fontSize: 12, fill: "currentColor" },
        }}
        tickLine="y"
        barChartProps={{ accessibilityLayer: false }}
      />
    </Paper>
  );
}
