import { Box, List, Text, Title } from "@mantine/core";
import type { BuyerReasons, TodayReport } from "#domain/contracts/console-reports.ts";
import { LoadState } from "../load-state.tsx";
import type { ConsoleData } from "../use-console-data.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { FigureLink } from "./figure-link.tsx";
import { formatCount } from "./report-format.ts";

// Why applications were rejected: the auction's one reason per application, and what the buyers themselves said.

type ReasonRow = BuyerReasons["reasons"][number];

const REASON_COLUMNS: ColumnDef<ReasonRow, unknown>[] = [
  { header: "Buyer's reason", accessorKey: "reason" },
  { header: "At", accessorFn: (r) => (r.stage === "ping" ? "Ping" : "Post") },
  {
    header: "Answers",
    accessorKey: "answers",
    cell: ({ getValue }) => formatCount(getValue() as number),
    meta: { numeric: true },
  },
  {
    header: "Applications",
    accessorKey: "leads",
    cell: ({ getValue }) => formatCount(getValue() as number),
    meta: { numeric: true },
  },
];

export function AuctionReasons({ report, canSeeLeads }: { report: TodayReport; canSeeLeads: boolean }) {
  return (
    <Box component="section" aria-labelledby="reasons-heading" my="xl">
      <Title order={2} size="h3" id="reasons-heading" mb="sm">
        Rejected, by the auction's reason
      </Title>
      {report.rejected_by_reason.length === 0 ? (
        <Text size="sm">No rejections in this period.</Text>
      ) : (
        <List size="sm" spacing={4}>
          {report.rejected_by_reason.map((r) => (
            <List.Item key={r.reason}>
              {r.reason}:{" "}
              <FigureLink query={r.query} canSeeLeads={canSeeLeads}>
                <span className="data-table__figure">{formatCount(r.count)}</span>
              </FigureLink>
            </List.Item>
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * What the buyers said about the rejected applications (the contract's buyerReasonsAnswer); asked on its own, so
 * it says itself when its read is on its way or failed. `reasons` is the answer for the figures above only.
 */
export function BuyerReasonsSection({
  reasons,
  load,
}: {
  reasons: BuyerReasons | undefined;
  load: ConsoleData<unknown>;
}) {
  return (
    <Box component="section" aria-labelledby="buyer-reasons-heading" my="xl">
      <Title order={2} size="h3" id="buyer-reasons-heading" mb="xs">
        Rejected, by the buyers' reasons
      </Title>
      <Text size="sm" c="dimmed" maw={900}>
        Each ping a buyer declined or that failed, and each post it refused, on the applications rejected in this
        period: an application three buyers refused counts three answers.
      </Text>
      {reasons === undefined || load.state === "failed" ? (
        <LoadState load={load} what="the buyers' reasons" showing={false} />
      ) : (
        <DataTable
          caption="Buyers' reasons"
          exportName="buyer-reasons"
          columns={REASON_COLUMNS}
          rows={reasons.reasons}
          empty="No buyer turned down a rejected application in this period."
        />
      )}
    </Box>
  );
}
