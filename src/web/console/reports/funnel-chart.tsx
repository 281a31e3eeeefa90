import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { FunnelReport } from "#domain/contracts/console-reports.ts";

type Step = FunnelReport["steps"][number];

// Where visitors drop out, for the eye: reached and saved per step, in the path's order. Hidden from screen
// readers and out of the tab order; the steps table beside it holds the same figures.
export function FunnelChart({ steps }: { steps: Step[] }) {
  return (
    <div aria-hidden="true" className="report-daily__chart">
      <BarChart
        width={Math.max(720, steps.length * 36)}
        height={280}
        data={steps}
        margin={{ top: 8, right: 16, bottom: 48, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="path" angle={-45} textAnchor="end" interval={0} height={60} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend verticalAlign="top" />
        <Bar dataKey="reached" name="Reached" fill="#5b6b8c" />
        <Bar dataKey="saved" name="Saved" fill="#1a7f37" />
      </BarChart>
    </div>
  );
}
