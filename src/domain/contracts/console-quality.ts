import { z } from "zod";
import { withoutContactDetails } from "../contact-details.ts";
import { CHECK_NAMES, type CheckName, type QualityChecks } from "../screening/quality-checks.ts";

// The gate's quality record of a lead (docs/product/screening.md#the-quality-record) as the console shows it: on the
// lead's page and timeline, and beside a return's reason. Answers and short reasons only; the record holds nothing of
// the person.

/** One check's answer: what it said, what said it ("offline", "lists", an adapter), when, and its short reason. */
export const qualityCheckRow = z.object({
  check: z.enum(CHECK_NAMES as [CheckName, ...CheckName[]]),
  answer: z.string(),
  source: z.string(),
  at: z.string(),
  detail: z.string().nullable(),
});
export type QualityCheckRow = z.infer<typeof qualityCheckRow>;

/**
 * A record's checks as rows, in the order the checks are named (CHECK_NAMES); a check that did not run is left out. A
 * detail can be a service's own words (a scrub's reason), so what looks like a way to reach someone is taken out.
 */
export function qualityRowsOf(checks: QualityChecks): QualityCheckRow[] {
  return CHECK_NAMES.flatMap((check) => {
    const result = checks[check];
    if (!result) return [];
    return [
      {
        check,
        answer: result.answer,
        source: result.source,
        at: result.at,
        detail: result.detail ? withoutContactDetails(result.detail) : null,
      },
    ];
  });
}
