import { useMatches } from "react-router";
import type { Step } from "#domain/steps/step.ts";
import { stepBySlug } from "#domain/steps/step-table.ts";

/**
 * The row of the step table the current route renders. Every funnel route's id is its row's slug
 * (src/web/routes.ts), so a trailing slash or another spelling of the address finds the same row.
 */
export function useCurrentStep(): Step | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const step = stepBySlug(matches[i]?.id ?? "");
    if (step) return step;
  }
  return undefined;
}
