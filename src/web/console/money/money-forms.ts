import { z } from "zod";
import { paymentRequest, topUpRequest } from "#domain/contracts/buyer-payments.ts";

// The money forms hold text, as every form of the product does; these turn an amount typed in dollars into the
// number the contract checks, so the browser and the server check one schema with one set of messages
// (docs/product/buyer-money.md#payments).

/** "1500", "1500.50", "$1,500.50" as dollars; anything else (empty, words) as nothing, which the contract names. */
export function dollarsFromText(text: string): number | undefined {
  const plain = text.trim().replace(/^\$\s*/, "");
  // Commas only as thousands separators: "1,50" is not read as 150.
  const digits = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(plain) ? plain.replaceAll(",", "") : plain;
  if (digits === "" || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(digits)) return undefined;
  return Number(digits);
}

export type PaymentFormValues = { amount: string; reference: string; paid_on: string };

export const paymentFormSchema = z
  .object({ amount: z.string(), reference: z.string(), paid_on: z.string() })
  .transform((v) => ({ ...v, amount: dollarsFromText(v.amount) }))
  .pipe(paymentRequest);

export type TopUpFormValues = { amount: string };

export const topUpFormSchema = z
  .object({ amount: z.string() })
  .transform((v) => ({ amount: dollarsFromText(v.amount) }))
  .pipe(topUpRequest);
