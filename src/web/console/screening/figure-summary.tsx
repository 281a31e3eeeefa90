import { Box, Paper, Text } from "@mantine/core";
import type { ScreeningReport } from "#domain/contracts/console-screening.ts";
import { formatFigure } from "../reports/report-format.ts";

// The gate's period in five numbers, as cards like Today's: how many leads it checked and refused, the share refused,
// and how long it took (docs/product/screening.md#how-the-gate-works: SCREENING_BUDGET_MS bounds the slowest).
export function FigureSummary({ report }: { report: ScreeningReport }) {
  const cards = [
    { label: "Leads checked", value: formatFigure("count", report.checked) },
    { label: "Refused", value: formatFigure("count", report.refused) },
    { label: "Refusal rate", value: formatFigure("rate", report.checked ? report.refused / report.checked : null) },
    { label: "Gate time, median", value: formatFigure("ms", report.gate_ms.p50) },
    { label: "Gate time, slowest", value: formatFigure("ms", report.gate_ms.max) },
  ];
  return (
    // A grid that fits as many cards as the width holds, without a media query (no style element under the CSP).
    <Box
      component="ul"
      aria-label="The gate's figures"
      p={0}
      m={0}
      style={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))",
        gap: "var(--mantine-spacing-sm)",
      }}
    >
      {cards.map((card) => (
        <Paper component="li" key={card.label} withBorder p="sm" radius="md" style={{ listStyle: "none" }} miw={0}>
          <Text component="span" size="sm" c="dimmed" display="block">
            {card.label}
          </Text>{" "}
          <Text component="span" fz="xl" fw={700} display="block" className="data-table__figure">
            {card.value}
          </Text>
        </Paper>
      ))}
    </Box>
  );
}
