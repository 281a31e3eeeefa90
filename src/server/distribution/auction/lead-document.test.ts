import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LEAD_FIELDS, isSensitiveField } from "#domain/fields/lead-fields.ts";
import { BUYER_FIELD_CLASS, type BuyerField } from "#domain/fields/field-exposure.ts";
import type { LeadRow } from "../../intake/leads/lead-store.ts";
import { encryptedColumn } from "../../intake/leads/lead-columns.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { ALL_CLASSES, CONTACT_CLASSES, PING_CLASSES, leadDocument, visibleTo } from "./lead-document.ts";

const cipher = new PiiCipher({ currentKeyId: "k", keys: new Map([["k", randomBytes(32)]]) });
const BUYER_FIELDS = Object.keys(BUYER_FIELD_CLASS) as BuyerField[];

/** A lead row with every field of the registry answered. */
function fullLead(): LeadRow {
  const id = "L-full";
  const row: Record<string, unknown> = { id };
  for (const field of BUYER_FIELDS) {
    const kind = LEAD_FIELDS[field].kind;
    const value = field === "dob" ? "1990-05-17" : kind === "text" ? `v-${field}` : kind === "boolean" ? true : 7;
    if (isSensitiveField(field)) row[encryptedColumn(field)] = cipher.encrypt(String(value), `${id}:${field}`);
    else row[field] = value;
  }
  return row as LeadRow;
}

const documentOf = () =>
  leadDocument(fullLead(), cipher, { attribution: {}, consent: undefined, today: new Date("2026-11-26") });

describe("what a buyer may see of a full lead (the registry's exposure classes)", () => {
  it("pings carry no field the registry marks contact or restricted, and every ping field", () => {
    const full = documentOf();
    const ping = visibleTo(full, PING_CLASSES);
    for (const field of BUYER_FIELDS) {
      expect(full[field], field).not.toBeNull();
      const exposure = LEAD_FIELDS[field].exposure;
      expect(Object.hasOwn(ping, field), `${field} (${exposure}) in a ping`).toBe(exposure === "ping");
    }
    // The fields pings kept but logs did not redact before the registry held both (trial finding 3).
    for (const field of ["user_ip", "user_agent", "tracking_id", "latitude", "longitude", "work_company_name"])
      expect(ping).not.toHaveProperty(field);
  });

  it("a post to a lead buyer carries no restricted field; a licensed lender's may carry every field", () => {
    const full = documentOf();
    const post = visibleTo(full, CONTACT_CLASSES);
    for (const field of BUYER_FIELDS) {
      const restricted = LEAD_FIELDS[field].exposure === "restricted";
      expect(Object.hasOwn(post, field), field).toBe(!restricted);
      if (restricted) expect(isSensitiveField(field), `${field} is restricted, so encrypted`).toBe(true);
    }
    expect(Object.keys(visibleTo(full, ALL_CLASSES))).toEqual(expect.arrayContaining(BUYER_FIELDS));
  });

  it("never offers the lead row's own bookkeeping", () => {
    const full = documentOf();
    expect(full).not.toHaveProperty("created_at");
    expect(full).not.toHaveProperty("updated_at");
  });
});
