import type { BuyerReasons, TodayReport } from "#domain/contracts/console-reports.ts";
import type { ConsoleData } from "../use-console-data.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { AuctionReasons, BuyerReasonsSection } from "./buyer-reasons.tsx";
import { DailyChart } from "./daily-chart.tsx";
import { FigureCards } from "./today-cards.tsx";
import { TodayTables } from "./today-tables.tsx";

// The Today screen's body for one answer (src/domain/contracts/console-reports.ts says what each figure counts).

/** A period with no application, no sale and no money moved: nothing to draw. */
const isEmpty = (report: TodayReport) => {
  const t = report.totals;
  return t.started === 0 && t.completed === 0 && t.revenue_cents === 0 && t.payout_cents === 0;
};

export function TodayView({
  report,
  canSeeLeads,
  buyerReasons,
  buyerReasonsLoad,
}: {
  report: TodayReport;
  canSeeLeads: boolean;
  buyerReasons: BuyerReasons | undefined;
  /** The read of the buyers' reasons, for whether it is on its way or failed. */
  buyerReasonsLoad: ConsoleData<unknown>;
}) {
  if (isEmpty(report))
    return (
      <EmptyState
        title="Nothing in this period"
        hint="No application was started and no money moved in these days. Pick a longer period, or check the traffic sources on the Publishers page."
      />
    );
  return (
    <>
      <FigureCards report={report} canSeeLeads={canSeeLeads} />
      <DailyChart report={report} />
      <TodayTables report={report} canSeeLeads={canSeeLeads} />
      <AuctionReasons report={report} canSeeLeads={canSeeLeads} />
      <BuyerReasonsSection reasons={buyerReasons} load={buyerReasonsLoad} />
    </>
  );
}
