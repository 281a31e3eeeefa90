import { z } from "zod";
import { doNotSellSchema, unsubscribeSchema } from "../schemas/privacy-forms.ts";
import { answerOf } from "./envelope.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";

// POST /api/unsubscribe and POST /api/do-not-sell-information (docs/product/server-calls.md): the forms'
// own schemas plus the honeypot the browser always sends (empty), answered with a reference that stays
// the same when the same request is sent again.
const honeypot = { [HONEYPOT_FIELD]: z.string().max(200).optional() };

export const unsubscribeRequest = unsubscribeSchema.extend(honeypot);
export const doNotSellRequest = doNotSellSchema.extend(honeypot);

/**
 * POST /api/unsubscribe/link: the token of an e-mail's unsubscribe link stands for the address and phones
 * the e-mail was about (docs/product/mail.md#reminders), so the page sends nothing else.
 */
export const unsubscribeLinkRequest = z.object({ token: z.string().min(1).max(200) });
export type UnsubscribeLinkBody = z.output<typeof unsubscribeLinkRequest>;

/** A bot that filled the honeypot gets the same message, without a reference. */
export const privacyReceiptAnswer = answerOf(z.object({ reference: z.string() }).optional());
export type PrivacyRequestReceipt = { reference: string };
/** What the browser sends: its form's parsed values and the honeypot. */
export type UnsubscribeBody = z.output<typeof unsubscribeRequest>;
export type DoNotSellBody = z.output<typeof doNotSellRequest>;
