import { Box, Group, Paper, Text } from "@mantine/core";
import type { Figures, TodayReport } from "#domain/contracts/console-reports.ts";
import { MeasureTip } from "../ui/measure-tip.tsx";
import { changeOf } from "./change.ts";
import { ChangeNote } from "./change-note.tsx";
import { FigureLink } from "./figure-link.tsx";
import { formatFigure } from "./report-format.ts";
import { REPORT_MEASURES, type MeasureKey } from "./report-measures.ts";

// Today's figures as cards, Profit beside Revenue; with the period before, each says its change under it.

const CARDS: readonly { measure: MeasureKey; field: keyof Figures }[] = [
  { measure: "started", field: "started" },
  { measure: "completed", field: "completed" },
  { measure: "sent", field: "sent" },
  { measure: "sold", field: "sold" },
  { measure: "rejected", field: "rejected" },
  { measure: "revenue", field: "revenue_cents" },
  { measure: "profit", field: "profit_cents" },
  { measure: "payouts", field: "payout_cents" },
  { measure: "earnings_per_lead", field: "earnings_per_lead_cents" },
  { measure: "sell_through", field: "sell_through" },
  { measure: "ping_to_post_rate", field: "ping_to_post_rate" },
  { measure: "redirect_rate", field: "redirect_rate" },
];

export function FigureCards({ report, canSeeLeads }: { report: TodayReport; canSeeLeads: boolean }) {
  return (
    // A grid that fits as many cards of at least 11rem as the width holds: no media query, so no style element
    // (Mantine's responsive props write one, which the pages' Content-Security-Policy, style-src 'self', refuses).
    <Box
      component="ul"
      aria-label="Figures"
      p={0}
      m={0}
      style={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))",
        gap: "var(--mantine-spacing-sm)",
      }}
    >
      {CARDS.map(({ measure: key, field }) => {
        const measure = REPORT_MEASURES[key];
        const value = report.totals[field];
        const change = report.previous ? changeOf(key, value, report.previous.totals[field]) : undefined;
        return (
          <Paper component="li" key={key} withBorder p="sm" radius="md" style={{ listStyle: "none" }} miw={0}>
            <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
              {/* The whole figure is the link, so its name says what the number counts ("Sold 12", not "12"). */}
              <Box miw={0}>
                <FigureLink query={report.queries[field]} canSeeLeads={canSeeLeads}>
                  <Text component="span" size="sm" c="dimmed" display="block" data-part="label">
                    {measure.name}
                  </Text>{" "}
                  <Text
                    component="span"
                    fz="xl"
                    fw={700}
                    display="block"
                    className="data-table__figure"
                    data-part="value"
                  >
                    {formatFigure(measure.kind, value)}
                  </Text>
                </FigureLink>
              </Box>
              {/* Beside the link, not in it: a button inside a link is neither valid nor reachable on its own. */}
              {measure.measure ? <MeasureTip measure={measure.measure} /> : null}
            </Group>
            {change ? <ChangeNote change={change} withBefore /> : null}
          </Paper>
        );
      })}
    </Box>
  );
}
