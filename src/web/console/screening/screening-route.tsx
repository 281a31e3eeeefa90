import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { ListsSection } from "./lists-section.tsx";
import { RulesSection } from "./rules-section.tsx";
import { ScreeningFigures } from "./screening-figures.tsx";

export function meta() {
  return [{ title: consoleTitle("Screening") }];
}

// The gate every lead passes before any buyer (docs/product/screening.md): its figures for those who read reports,
// its rules and velocity limits for those who read buyers, and the do-not-call and litigator lists. Each part asks
// only what its role may read, and shows its changing controls only to those who manage buyers.
export default function ScreeningRoute() {
  const { can } = useConsole();
  const writer = can("buyers:write");
  return (
    <>
      <PageHeader
        title="Screening"
        description="The gate every lead passes before any buyer hears of it: phone, e-mail, velocity, the do-not-call and litigator lists, the consent certificate and the address."
      />
      {can("reports:read") ? <ScreeningFigures /> : null}
      {can("buyers:read") ? <RulesSection writer={writer} /> : null}
      <ListsSection writer={writer} />
    </>
  );
}
