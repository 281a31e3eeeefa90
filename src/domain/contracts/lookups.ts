import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { routingNumber, streetAddress, zipCode } from "../schemas/field-rules.ts";
import { answerOf } from "./envelope.ts";

// The lookups the browser makes (docs/product/server-calls.md): query schemas and answers.

const ONCE = "must be given once, as text";

// The four query parameters of GET /personal_loan/suggest; each answers under its own name.
const SUGGESTION_FIELDS = ["first_name", "last_name", "employer", "job_title"] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];

// --- GET /api/personal_loan/zipcode ---------------------------------------------------------------------

// A repeated query parameter arrives as an array and is refused; the zip gets the quick start's messages.
export const zipQuery = z.object({
  zip: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.zipRequired : ONCE) })
    .trim()
    .min(1, MESSAGES.zipRequired)
    .regex(/^\d{5}$/, MESSAGES.zipLength),
  // Sent by the browser to tie the lookup to a lead; not needed to answer.
  lead_id: z.string({ error: ONCE }).max(64, "lead_id must be at most 64 characters.").optional(),
});

const zipPlace = z.object({ city: z.string(), state: z.string(), lat: z.number(), long: z.number() });
export const zipAnswer = answerOf(zipPlace);
export type ZipPlace = z.infer<typeof zipPlace>;

// --- GET /api/your-ip -------------------------------------------------------------------------------------

// The browser's first reading takes a top-level `ip`; every answer also carries it in `data`. Both are sent.
export const yourIpAnswer = answerOf(z.object({ ip: z.string() })).extend({ ip: z.string() });

/** A decimal number in [min, max]; query values are text, and "", "1e3" or "0x10" are not numbers here. */
function decimal(min: number, max: number, message: string) {
  return z
    .string({ error: ONCE })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

// --- GET /api/personal_loan/suggest -------------------------------------------------------------------

export const SUGGEST_TERM_MESSAGE = "Type 3 to 49 characters to see suggestions.";
export const SUGGEST_ONE_FIELD_MESSAGE = "Ask for one of first_name, last_name, employer or job_title.";

// docs/product/validation.md (Suggestions): only for text of 3 to 49 characters.
const suggestTerm = z
  .string({ error: ONCE })
  .trim()
  .min(3, SUGGEST_TERM_MESSAGE)
  .max(49, SUGGEST_TERM_MESSAGE)
  .optional();

/** Whether the server answers suggestions for `text` (the browser asks only then, so it meets no 400). */
export const isSuggestionTerm = (text: string): boolean => suggestTerm.safeParse(text).success;

export const suggestQuerySchema = z
  .object({
    first_name: suggestTerm,
    last_name: suggestTerm,
    employer: suggestTerm,
    job_title: suggestTerm,
  })
  .superRefine((query, ctx) => {
    if (SUGGESTION_FIELDS.filter((field) => query[field] !== undefined).length !== 1) {
      ctx.addIssue({ code: "custom", path: ["query"], message: SUGGEST_ONE_FIELD_MESSAGE });
    }
  });

export const suggestAnswerSchema = answerOf(z.partialRecord(z.enum(SUGGESTION_FIELDS), z.array(z.string())));

export function askedField(query: z.infer<typeof suggestQuerySchema>): [SuggestionField, string] {
  const field = SUGGESTION_FIELDS.find((f) => query[f] !== undefined)!;
  return [field, query[field]!];
}

// --- GET /api/personal_loan/address-suggest -----------------------------------------------------------

export const ADDRESS_MIN_MESSAGE = "Type at least 2 characters to see address suggestions.";

export const addressSuggestQuerySchema = z.object({
  zip: zipCode(),
  // docs/product/constants.md: suggestions once the address has at least 2 characters.
  address: streetAddress.pipe(z.string().min(2, ADDRESS_MIN_MESSAGE)),
  lat: decimal(-90, 90, "lat must be a number from -90 to 90.").optional(),
  long: decimal(-180, 180, "long must be a number from -180 to 180.").optional(),
  // Sent by the browser (docs/product/server-calls.md) but not needed to suggest; checked so nothing odd gets through.
  lead_id: z.string({ error: ONCE }).max(64, "lead_id must be at most 64 characters.").optional(),
  max_results: z
    .string({ error: ONCE })
    .regex(/^\d{1,2}$/, "max_results must be a whole number from 1 to 5.")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, "max_results must be a whole number from 1 to 5.")
        .max(5, "max_results must be a whole number from 1 to 5."),
    )
    .default(5),
});

const addressSuggestion = z.object({ address: z.string(), city: z.string(), state: z.string(), zip: z.string() });
export type AddressSuggestion = z.infer<typeof addressSuggestion>;
export const addressSuggestAnswerSchema = answerOf(z.object({ suggestions: z.array(addressSuggestion) }));

// --- GET /api/routing/:aba ----------------------------------------------------------------------------

export const routingParamsSchema = z.object({
  aba: routingNumber,
});

export const BANK_NOT_FOUND_MESSAGE = "Bank not found; please type the bank name.";

const routingLookup = z.object({
  routing_number: z.string(),
  bank_name: z.string().nullable(),
  source: z.enum(["table", "fedach", "service"]).nullable(),
});
export type RoutingLookup = z.infer<typeof routingLookup>;
export const routingAnswerSchema = answerOf(routingLookup);
