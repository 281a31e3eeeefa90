import { z } from "zod";
import { answerOf } from "./envelope.ts";

// GET /api/partners (docs/product/server-calls.md, Partner list): `data` is an object whose keys are the
// partner names of the request's brand, in the order to show them. An empty object means none: the
// service failed or the brand names none, and the page says `No partners available`.
const partnerList = z.record(z.string(), z.literal(true));
export const partnerListAnswer = answerOf(partnerList);
export type PartnerList = z.infer<typeof partnerList>;
