import { BarChart } from "@mantine/charts";
import { Box, Paper, Table, Text, Title } from "@mantine/core";
import type { SeriesSums, TodayReport } from "#domain/contracts/console-reports.ts";
import { formatCents, formatCount } from "./report-format.ts";

// Revenue and profit over the period, day by day (hour by hour for a single day), as bars for the eye and the same
// numbers, with the counts, as a table for a screen reader (the chart itself is hidden from it, and out of the tab
// order: its SVG says nothing a table does not say better).

type Point = SeriesSums & { label: string };

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export function DailyChart({ report }: { report: TodayReport }) {
  const hourly = report.by_hour !== null;
  const points: Point[] = hourly
    ? (report.by_hour ?? []).map((h) => ({ ...h, label: `${String(h.hour).padStart(2, "0")}:00` }))
    : report.series.map((d) => ({ ...d, label: d.day }));
  const totals = hourly ? report.table_totals.by_hour : report.table_totals.series;
  const unit = hourly ? "hour" : "day";
  return (
    <Box component="section" aria-labelledby="daily-heading" my="xl">
      <Title order={2} size="h3" id="daily-heading" mb="sm">
        Revenue and profit by {unit}
      </Title>
      <Paper withBorder p="md" radius="md" aria-hidden="true">
        <BarChart
          h={280}
          data={points.map((p) => ({ label: p.label, revenue: p.revenue_cents / 100, profit: p.profit_cents / 100 }))}
          dataKey="label"
          series={[
            { name: "revenue", label: "Revenue", color: "indigo.6" },
            { name: "profit", label: "Profit", color: "teal.7" },
          ]}
          valueFormatter={(value) => dollars.format(value)}
          withLegend
          tickLine="y"
          barChartProps={{ accessibilityLayer: false }}
        />
      </Paper>
      <details>
        <summary>
          <Text component="span" size="sm">
            The same figures as a table
          </Text>
        </summary>
        <Box style={{ overflowX: "auto" }}>
          <Table striped fz="sm" captionSide="top">
            <Table.Caption style={{ textAlign: "left" }}>Applications per {unit}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {[hourly ? "Hour" : "Day", "Started", "Completed", "Sold", "Revenue", "Profit"].map((h, i) => (
                  <Table.Th key={h} scope="col" ta={i === 0 ? undefined : "right"}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={p.label}>
                  <Table.Th scope="row">{p.label}</Table.Th>
                  <Figures sums={p} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            {totals ? (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Total</Table.Th>
                  <Figures sums={totals} />
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Box>
      </details>
    </Box>
  );
}

function Figures({ sums }: { sums: SeriesSums }) {
  return (
    <>
      {[
        formatCount(sums.started),
        formatCount(sums.completed),
        formatCount(sums.sold),
        formatCents(sums.revenue_cents),
        formatCents(sums.profit_cents),
      ].map((text, i) => (
        <Table.Td key={i} ta="right" className="data-table__figure">
          {text}
        </Table.Td>
      ))}
    </>
  );
}
