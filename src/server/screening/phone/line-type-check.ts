import { z } from "zod";
import type { CheckAnswer } from "#domain/screening/quality-checks.ts";
import { fetchJson } from "../../intake/lookups/fetch-json.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import type { Answered, ScreeningCheck } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { usNationalNumber } from "./us-national-number.ts";

// What kind of line the phone is (docs/product/screening.md#phone), from Twilio Lookup v2's Line Type Intelligence:
// GET /v2/PhoneNumbers/{E.164}?Fields=line_type_intelligence, HTTP Basic with the account SID and auth token.

export type TwilioLineTypeOptions = {
  /** https://lookups.twilio.com unless set (a test's fake). */
  baseUrl?: string;
  accountSid: string;
  authToken: string;
  /** The check's own limit, within the gate's budget; the call ends at it or at the gate's signal. */
  timeoutMs: number;
  /** What ends the call after `timeoutMs`: a wall-clock timer but in tests. */
  timeout?: TimeoutSignal;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

const DEFAULT_BASE_URL = "https://lookups.twilio.com";
// An answer is well under 2 kB; a broken or hostile service must not fill the memory.
const MAX_ANSWER_BYTES = 64 * 1024;

type LineType = CheckAnswer<"phone_line_type">;

// Twilio's types (Line Type Intelligence): the rest (personal, premium, sharedCost, uan, voicemail, pager) are
// "other"; Twilio's own "unknown", like a missing type, is ours.
const LINE_TYPES: Record<string, LineType> = {
  mobile: "mobile",
  landline: "landline",
  fixedVoip: "voip",
  nonFixedVoip: "voip",
  tollFree: "toll_free",
  unknown: "unknown",
};

const answerSchema = z.object({
  line_type_intelligence: z
    .object({
      type: z.string().nullish(),
      carrier_name: z.string().nullish(),
      error_code: z.union([z.number(), z.string()]).nullish(),
    })
    .nullish(),
});

function lineTypeOf(body: z.infer<typeof answerSchema>): Answered<"phone_line_type"> {
  const intelligence = body.line_type_intelligence;
  const carrier = intelligence?.carrier_name?.trim().slice(0, 100) || undefined;
  if (intelligence?.error_code !== undefined && intelligence.error_code !== null)
    return { answer: "unknown", source: "twilio", detail: `Twilio error ${intelligence.error_code}` };
  const type = intelligence?.type;
  const answer: LineType = type ? (LINE_TYPES[type] ?? "other") : "unknown";
  return carrier ? { answer, source: "twilio", detail: carrier } : { answer, source: "twilio" };
}

/**
 * The Twilio line-type check. A failed call (non-200, an answer that is not Twilio's, a network error) throws a
 * ServiceFailure "failed", a call past its time one of "timeout": the gate answers unknown and counts the call. The
 * SID and token travel only in the request's header; the phone only in its path.
 */
export function createTwilioLineTypeCheck(options: TwilioLineTypeOptions): ScreeningCheck {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;

  return {
    name: "twilio-line-type",
    answers: ["phone_line_type"],
    timeoutMs: options.timeoutMs,
    adapter: "twilio",
    async run(input, signal) {
      if (!input.phone)
        return { phone_line_type: { answer: "unknown", source: "twilio", detail: "no phone", noCall: true } };
      const national = usNationalNumber(input.phone);
      if (!national)
        return { phone_line_type: { answer: "unknown", source: "twilio", detail: "not a US phone", noCall: true } };
      const url = new URL(`${baseUrl}/v2/PhoneNumbers/+1${national}`);
      url.searchParams.set("Fields", "line_type_intelligence");
      const answer = await fetchJson(url, {
        timeoutMs: options.timeoutMs,
        timeout: options.timeout,
        signal,
        headers: { authorization },
        maxBytes: MAX_ANSWER_BYTES,
        fetch: options.fetch,
      });
      if (!answer.ok) throw new ServiceFailure(answer.reason === "timeout" ? "timeout" : "failed", answer.reason);
      const parsed = answerSchema.safeParse(answer.body);
      if (!parsed.success) throw new ServiceFailure("failed", "unexpected answer");
      return { phone_line_type: lineTypeOf(parsed.data) };
    },
  };
}
