import { z } from "zod";
import { bankAccountNumber, bankAccountType, bankName, checkedRoutingNumber } from "./field-rules.ts";

// Bank screens, in client field names (spec sections 3 and 5). The routing number must pass the ABA
// checksum here as on the server (decisions.md section 2); the bank name comes from the lookup or the
// visitor.

export const routingFormSchema = z.object({ routingNumber: checkedRoutingNumber, bankName });

export const bankAccountFormSchema = z.object({ bankAccount: bankAccountNumber });

/** The alternate bank-details screen (/apply/bank): all four on one screen. */
export const bankDetailsFormSchema = z.object({
  routingNumber: checkedRoutingNumber,
  bankName,
  bankAccount: bankAccountNumber,
  bankAccountType,
});
