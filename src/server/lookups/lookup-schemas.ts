import { z } from "zod";
import { routingNumber, streetAddress, zipCode } from "#domain/schemas/field-rules.ts";
import { SUGGESTION_FIELDS, type SuggestionField } from "./suggestion-lists.ts";

// Query and path schemas of the three lookup calls (spec section 7) and the answers they give
// (decisions.md section 2: { status, message, data }). Zip, street and routing number use the same rules
// as the funnel's screens (src/domain, decisions.md section 3), so they answer the spec's messages.

const NOT_TEXT = "must be given once, as text";

/** A decimal number in [min, max]; query values are text, and "", "1e3" or "0x10" are not numbers here. */
function decimal(min: number, max: number, message: string) {
  return z
    .string({ error: NOT_TEXT })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,20})?$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

// --- GET /api/personal_loan/suggest -------------------------------------------------------------------

export const SUGGEST_TERM_MESSAGE = "Type 3 to 49 characters to see suggestions.";
export const SUGGEST_ONE_FIELD_MESSAGE = "Ask for one of first_name, last_name, employer or job_title.";

// Spec section 5 (Suggestions): only for text of 3 to 49 characters.
const suggestTerm = z
  .string({ error: NOT_TEXT })
  .trim()
  .min(3, SUGGEST_TERM_MESSAGE)
  .max(49, SUGGEST_TERM_MESSAGE)
  .optional();

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

export const suggestAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: z.partialRecord(z.enum(SUGGESTION_FIELDS), z.array(z.string())),
});

export function askedField(query: z.infer<typeof suggestQuerySchema>): [SuggestionField, string] {
  const field = SUGGESTION_FIELDS.find((f) => query[f] !== undefined)!;
  return [field, query[field]!];
}

// --- GET /api/personal_loan/address-suggest -----------------------------------------------------------

export const ADDRESS_MIN_MESSAGE = "Type at least 2 characters to see address suggestions.";

export const addressSuggestQuerySchema = z.object({
  zip: zipCode(),
  // Spec section 9: suggestions once the address has at least 2 characters.
  address: streetAddress.pipe(z.string().min(2, ADDRESS_MIN_MESSAGE)),
  lat: decimal(-90, 90, "lat must be a number from -90 to 90.").optional(),
  long: decimal(-180, 180, "long must be a number from -180 to 180.").optional(),
  // Sent by the browser (spec section 7) but not needed to suggest; checked so nothing odd gets through.
  lead_id: z.string({ error: NOT_TEXT }).max(64, "lead_id must be at most 64 characters.").optional(),
  max_results: z
    .string({ error: NOT_TEXT })
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

export const addressSuggestAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: z.object({
    suggestions: z.array(z.object({ address: z.string(), city: z.string(), state: z.string(), zip: z.string() })),
  }),
});

// --- GET /api/routing/:aba ----------------------------------------------------------------------------

export const routingParamsSchema = z.object({
  aba: routingNumber,
});

export const BANK_NOT_FOUND_MESSAGE = "Bank not found; please type the bank name.";

export const routingAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: z.object({
    routing_number: z.string(),
    bank_name: z.string().nullable(),
    source: z.enum(["table", "fedach", "service"]).nullable(),
  }),
});

export const routingRefusalSchema = z.object({ status: z.number(), message: z.string() });
