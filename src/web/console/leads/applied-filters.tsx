import { Link } from "react-router";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { formatDateTime } from "../time.ts";

// Which filters the address applies, said in words: a Today figure's link arrives with several (stage, period,
// source...) that the search form has no field for.

const LABELS: Record<string, string> = {
  q: "Lead, e-mail or phone",
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

/** An instant (a figure's bound) in the operator's zone; a day as it is. */
const shown = (key: string, value: string, timeZone: string) =>
  (key === "from" || key === "to") && value.includes("T") ? formatDateTime(value, timeZone) : value.replace("_", " ");

export function AppliedFilters({
  params,
  keys,
  timeZone,
}: {
  params: URLSearchParams;
  keys: readonly string[];
  timeZone: string;
}) {
  const applied = keys.filter((key) => key in LABELS && params.get(key));
  if (applied.length === 0) return null;
  return (
    <section aria-labelledby="applied-filters">
      <h2 id="applied-filters">Filters applied</h2>
      <dl>
        {applied.map((key) => (
          <div key={key}>
            <dt>{LABELS[key]}</dt>
            <dd>{shown(key, params.get(key) ?? "", timeZone)}</dd>
          </div>
        ))}
      </dl>
      <Link to="/console/leads">Clear all filters</Link>
    </section>
  );
}
