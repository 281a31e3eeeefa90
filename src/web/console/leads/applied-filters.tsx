import { Anchor, Badge, CloseButton, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { formatDateTime } from "../time.ts";
import { dayOf } from "./day-range-input.tsx";
import { words } from "./leads-search-params.ts";

// The filters the address applies that the filter bar has no control for, said in words, each removable: a Today
// figure's link arrives with several (its period's two instants, affiliate, rejection reason...).

const FILTER_LABELS: Record<string, string> = {
  q: "Lead, e-mail or phone",
  buyer_ref: "Buyer's reference",
  stage: "Stage",
  from: "From",
  to: "Before",
  status: "Status",
  buyer: "Buyer",
  source: "Source",
  aff_id: "Affiliate",
  sub_id: SUB_ID_LABELS.sub_id,
  brand: "Brand",
  reason: "Rejection reason",
};

/** The filters the bar shows in its own controls; a period of days is the date range's. */
const IN_THE_BAR = new Set(["q", "buyer_ref", "status", "stage", "buyer", "source"]);

/** An instant (a figure's bound) in the operator's zone; anything else as it is. */
const shown = (key: string, value: string, timeZone: string) =>
  (key === "from" || key === "to") && value.includes("T") ? formatDateTime(value, timeZone) : words(value);

export function AppliedFilters({
  params,
  timeZone,
  onRemove,
}: {
  params: URLSearchParams;
  timeZone: string;
  onRemove: (key: string) => void;
}) {
  const applied = Object.keys(FILTER_LABELS).filter((key) => {
    const value = params.get(key);
    if (!value || IN_THE_BAR.has(key)) return false;
    // A period of days is shown in the date range; only a figure's instants are said here.
    return !((key === "from" || key === "to") && dayOf(value));
  });
  const anyFilter = Object.keys(FILTER_LABELS).some((key) => params.get(key));
  if (!anyFilter) return null;
  return (
    <Group component="section" aria-label="Filters applied" gap="xs" mt="sm" wrap="wrap">
      {applied.length > 0 ? (
        <Text size="sm" c="dimmed" component="span">
          Also filtered by
        </Text>
      ) : null}
      {applied.map((key) => {
        const text = `${FILTER_LABELS[key]}: ${shown(key, params.get(key) ?? "", timeZone)}`;
        return (
          <Badge
            key={key}
            variant="outline"
            size="lg"
            tt="none"
            fw={500}
            rightSection={
              <CloseButton size="xs" aria-label={`Remove the filter ${text}`} onClick={() => onRemove(key)} />
            }
          >
            {text}
          </Badge>
        );
      })}
      <Anchor component={Link} to="/console/leads" size="sm">
        Clear all filters
      </Anchor>
    </Group>
  );
}
