import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { LOAN_AMOUNTS, LOAN_REASON_OPTIONS } from "../options.ts";
import { choice, zipCode } from "./field-rules.ts";

// docs/product/validation.md, quick start. The amount arrives as the select's string value.
export const loanAmount = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ message: MESSAGES.loanAmountRequired })
    .refine((n) => (LOAN_AMOUNTS as readonly number[]).includes(n), { message: MESSAGES.loanAmountRequired }),
);

export const loanReason = choice(LOAN_REASON_OPTIONS, MESSAGES.loanReasonRequired);

export const quickStartSchema = z.object({
  amount: loanAmount,
  loanReason,
  zipCode: zipCode(),
});

// docs/product/settled-readings.md#12-loanreason-returning-visitor: /loanreason confirms the saved amount and reason
// with the quick start's rules.
export type QuickStart = z.output<typeof quickStartSchema>;

export const loanConfirmSchema = z.object({ amount: loanAmount, loanReason });
