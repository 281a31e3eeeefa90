import { z } from "zod";
import { issuingState, licenseId, ssn } from "./field-rules.ts";

// Driver's licence and SSN screens, in client field names (spec sections 3 and 5; decisions row 6).

export const licenseFormSchema = z.object({ licenseID: licenseId, issuingState });

/** The SSN screen: masked xxx-xx-xxxx while typing, parsed to its nine digits. */
export const ssnFormSchema = z.object({ socialSecurityNumber: ssn });
