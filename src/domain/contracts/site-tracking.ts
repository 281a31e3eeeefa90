import { z } from "zod";
import { answerOf } from "./envelope.ts";

// GET /api/site/tracking: the consent-certificate vendors (src/domain/consent-vendors.ts) this site loads.

/** Each vendor's script address, or null when it is not configured (the default: nothing loads). */
const vendorScript = z.object({ scriptUrl: z.string() }).nullable();
export const siteTrackingAnswer = answerOf(z.object({ trustedForm: vendorScript, jornaya: vendorScript }));
export type SiteTracking = z.infer<typeof siteTrackingAnswer>["data"];
