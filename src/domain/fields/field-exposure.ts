import { LEAD_FIELDS, SERVER_FIELDS, type FieldExposure, type LeadFields, type ServerField } from "./lead-fields.ts";

// What each field's exposure class in the registry (lead-fields.ts) decides, read from the registry only:
// which buyers may receive it (docs/product/lender-network.md#what-a-buyer-may-see), what an erasure nulls
// (docs/product/privacy-requests.md#delete) and its names in the final submission.

type Spec = { exposure: FieldExposure; erased: boolean; submission?: readonly string[]; requiredForSale?: true };
const specOf = (field: ServerField): Spec => LEAD_FIELDS[field];

/** The fields a buyer's mapping may name: every field but the lead row's own bookkeeping. */
export type BuyerField = {
  [K in ServerField]: LeadFields[K]["exposure"] extends "internal" ? never : K;
}[ServerField];
export type BuyerFieldClass = Exclude<FieldExposure, "internal">;

/** Every field a buyer may be sent, with its class. */
export const BUYER_FIELD_CLASS = Object.fromEntries(
  SERVER_FIELDS.flatMap((field) => {
    const { exposure } = specOf(field);
    return exposure === "internal" ? [] : [[field, exposure]];
  }),
) as Record<BuyerField, BuyerFieldClass>;

/** The fields an erasure nulls: every contact and restricted field, and the ping fields that narrow the person down. */
export const ERASED_FIELDS: readonly ServerField[] = SERVER_FIELDS.filter((field) => specOf(field).erased);

/** Every name the final submission carries an application answer under. */
export type SubmissionName = {
  [K in ServerField]: LeadFields[K] extends { submission: readonly (infer N)[] } ? N : never;
}[ServerField];

export const SUBMISSION_NAMES = SERVER_FIELDS.flatMap((field) => specOf(field).submission ?? []) as SubmissionName[];

/**
 * The answers a lead must hold before it can be sold, by server field, with the submission's name for each
 * (the 400 names the latter).
 */
export const REQUIRED_FOR_SALE: Partial<Record<ServerField, SubmissionName>> = Object.fromEntries(
  SERVER_FIELDS.flatMap((field) => {
    const { submission, requiredForSale } = specOf(field);
    return requiredForSale && submission ? [[field, submission[0]]] : [];
  }),
);
