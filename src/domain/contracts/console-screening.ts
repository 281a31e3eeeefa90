import { z } from "zod";
import { answerOf } from "./envelope.ts";
import { screeningSettingsSchema } from "../screening/quality-checks.ts";
import { partnerReportQuery } from "./console-reports.ts";

// The gate in the console (docs/product/screening.md): the operator's rules and velocity limits, the refusals by
// reason and by source and publisher, and the outside calls per day.

export const screeningSettingsAnswer = answerOf(
  z.object({
    settings: screeningSettingsSchema,
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  }),
);
/** The gate's settings as the console reads them: who saved them last and when (null while they are the defaults). */
export type ScreeningSettingsData = z.infer<typeof screeningSettingsAnswer>["data"];

/** The period of the refusals report: as the partner reports ask it. */
export const screeningReportQuery = partnerReportQuery;

const refusalsBySource = z.object({
  source: z.string(),
  publisher: z.string(),
  checked: z.number().int(),
  refused: z.number().int(),
  /** The reason it was refused for most, or null when none was refused. */
  top_reason: z.string().nullable(),
});

export const screeningReportAnswer = answerOf(
  z.object({
    from: z.string(),
    to: z.string(),
    checked: z.number().int(),
    refused: z.number().int(),
    by_reason: z.array(z.object({ reason: z.string(), n: z.number().int() })),
    by_source: z.array(refusalsBySource),
    /** How often each check gave each answer, in the period. */
    answers: z.array(z.object({ check: z.string(), answer: z.string(), n: z.number().int() })),
    /** The outside services' calls per UTC day in the period. */
    calls: z.array(z.object({ day: z.string(), adapter: z.string(), outcome: z.string(), n: z.number().int() })),
    /** The median and slowest time the gate took, ms; null with no lead checked. */
    gate_ms: z.object({ p50: z.number().nullable(), max: z.number().nullable() }),
  }),
);
export type ScreeningReport = z.infer<typeof screeningReportAnswer>["data"];
