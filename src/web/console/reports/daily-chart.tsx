import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { TodayReport } from "#domain/contracts/console-reports.ts";
import { formatCents, formatCount } from "./report-format.ts";

type Day = TodayReport["series"][number];

// The day-by-day series as bars for the eye, and the same numbers as a table for a screen reader (the chart
// itself is hidden from it, and out of the tab order: its SVG says nothing a table does not say better).
export function DailyChart({ series }: { series: Day[] }) {
  return (
    <section aria-labelledby="daily-heading" className="report-daily">
      <h2 id="daily-heading">Day by day</h2>
      <div aria-hidden="true" className="report-daily__chart">
        <BarChart
          width={720}
          height={260}
          data={series}
          margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="started" name="Started" fill="#5b6b8c" />
          <Bar dataKey="completed" name="Completed" fill="#1f6feb" />
          <Bar dataKey="sold" name="Sold" fill="#1a7f37" />
        </BarChart>
      </div>
      <details>
        <summary>The same figures as a table</summary>
        <table>
          <caption>Applications per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Started</th>
              <th scope="col">Completed</th>
              <th scope="col">Sold</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{formatCount(d.started)}</td>
                <td>{formatCount(d.completed)}</td>
                <td>{formatCount(d.sold)}</td>
                <td>{formatCents(d.revenue_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
