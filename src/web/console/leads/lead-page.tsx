import { Anchor, Badge, Table, Tabs, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { leadSearchAnswer, leadTimelineAnswer } from "#domain/contracts/console-leads.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { BuyerOutcomesTable } from "./buyer-outcomes-table.tsx";
import { CallBodies } from "./call-bodies.tsx";
import { LeadHeader } from "./lead-header.tsx";
import { GateRefusal, LeadQuality, qualityOf } from "./lead-quality.tsx";
import { LeadTimelineList } from "./lead-timeline-list.tsx";
import { RevealForm } from "./reveal-form.tsx";

export function meta() {
  return [{ title: consoleTitle("Lead") }];
}

// /console/leads/:id: one screen's height that answers "what happened" (the header, then every buyer's outcome),
// with the rest behind tabs rather than below it: the timeline, the raw requests and answers (folded), and the
// lead's answers, personal ones masked, with `leads:reveal` a form that asks why and shows them in clear.
// The tab is in the address (?tab=timeline), replaced rather than pushed, so the browser's Back leaves the lead.
// A lead the gate checked has a Quality tab too (its answers), and a refusal said above the tabs.

const TABS = [
  { value: "buyers", label: "Buyers" },
  { value: "quality", label: "Quality" },
  { value: "timeline", label: "Timeline" },
  { value: "calls", label: "Calls" },
  { value: "personal", label: "Personal data" },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** The leads list's address the operator came from (its filters), carried by the list's link. */
const leadsSearchOf = (state: unknown) =>
  state && typeof state === "object" && "leadsSearch" in state && typeof state.leadsSearch === "string"
    ? state.leadsSearch
    : "";

function Panel({ value, title, children }: { value: Tab; title: string; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} pt="md">
      <VisuallyHidden>
        <h2>{title}</h2>
      </VisuallyHidden>
      {children}
    </Tabs.Panel>
  );
}

export default function LeadPage() {
  const { id = "" } = useParams();
  const { can, timeZone } = useConsole();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const timeline = useConsoleData(`/leads/${encodeURIComponent(id)}`, leadTimelineAnswer);
  // The lead's own search row: its publisher and the buyer's reference, which the timeline does not carry.
  const search = useConsoleData("/leads", leadSearchAnswer, { q: id, limit: 1 });
  // Only this lead's: the one opened before stays off screen while this one is on its way.
  const lead = timeline.state === "ready" ? timeline.data : undefined;
  const row = search.state === "ready" ? search.data.leads.find((found) => found.id === id) : undefined;
  const quality = lead && qualityOf(lead.events);
  // Only the lead's own tabs: a lead the gate never saw has no Quality tab, and ?tab=quality opens its buyers.
  const tabs = TABS.filter((t) => t.value !== "quality" || quality);
  const tab: Tab = tabs.find((t) => t.value === params.get("tab"))?.value ?? "buyers";
  const choose = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value && value !== "buyers") next.set("tab", value);
    else next.delete("tab");
    setParams(next, { replace: true, state: location.state });
  };
  const counts: Partial<Record<Tab, number>> = lead
    ? {
        buyers: lead.outcomes.length,
        quality: quality?.checks.length,
        timeline: lead.events.length,
        calls: lead.events.filter((event) => event.kind === "ping" || event.kind === "post").length,
      }
    : {};

  return (
    <>
      <Anchor component={Link} to={`/console/leads${leadsSearchOf(location.state)}`} size="sm">
        Back to leads
      </Anchor>
      <LeadHeader id={id} lead={lead} row={row} timeZone={timeZone} />
      <LoadState load={timeline} what={`lead ${id}`} showing={lead !== undefined} rows={8} />
      <GateRefusal quality={quality} />
      {lead ? (
        <Tabs value={tab} onChange={choose} keepMounted={false}>
          <Tabs.List>
            {tabs.map(({ value, label }) => (
              <Tabs.Tab
                key={value}
                value={value}
                rightSection={
                  counts[value] === undefined ? null : (
                    <Badge size="sm" variant="default" aria-hidden="true">
                      {counts[value]}
                    </Badge>
                  )
                }
              >
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Panel value="buyers" title="Buyers">
            <BuyerOutcomesTable outcomes={lead.outcomes} timeZone={timeZone} />
          </Panel>
          {quality ? (
            <Panel value="quality" title="Quality">
              <LeadQuality quality={quality} timeZone={timeZone} />
            </Panel>
          ) : null}
          <Panel value="timeline" title="Timeline">
            <LeadTimelineList events={lead.events} timeZone={timeZone} />
          </Panel>
          <Panel value="calls" title="Requests and answers">
            <CallBodies events={lead.events} timeZone={timeZone} />
          </Panel>
          <Panel value="personal" title="Answers and personal data">
            <Table aria-label="The lead's answers, personal ones masked" withTableBorder w="auto" mb="lg">
              <Table.Tbody>
                {Object.entries(lead.lead.fields)
                  .filter(([, value]) => value !== null && value !== "")
                  .map(([field, value]) => (
                    <Table.Tr key={field}>
                      <Table.Th scope="row">{field}</Table.Th>
                      <Table.Td>{String(value)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            {can("leads:reveal") ? (
              <RevealForm leadId={id} />
            ) : (
              <Text size="sm" c="dimmed">
                Your role sees personal data masked: revealing it takes the reveal permission and a reason.
              </Text>
            )}
          </Panel>
        </Tabs>
      ) : null}
    </>
  );
}
