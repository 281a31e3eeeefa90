import { describe, expect, it } from "vitest";
import { FIXED_SUBMISSION } from "../../../tests/fixtures/lead-send.ts";
import { leadSendRequest } from "../contracts/lead-send.ts";
import { ERASED_FIELDS, REQUIRED_FOR_SALE, SUBMISSION_NAMES } from "./field-exposure.ts";
import { PERSONAL_FIELD_NAMES } from "./field-names.ts";
import { LEAD_FIELDS, SERVER_FIELDS, type LeadFieldSpec } from "./lead-fields.ts";

const base = { client: "x", kind: "text" } as const;

describe("the registry's exposure classes", () => {
  it("does not compile a field without a class, or a class that a field's other marks contradict", () => {
    // Checked by `tsc --noEmit`: each line below must stay a type error.
    const bad = {
      fine: { ...base, exposure: "ping", personal: false, erased: false },
      // @ts-expect-error a field without an exposure class
      noClass: { ...base },
      // @ts-expect-error a contact field is never logged
      loggedContact: { ...base, exposure: "contact", personal: false, erased: true },
      // @ts-expect-error a contact field is erased with the person
      keptContact: { ...base, exposure: "contact", personal: true, erased: false },
      // @ts-expect-error an encrypted field is restricted
      sensitivePing: { ...base, exposure: "ping", personal: true, erased: true, sensitive: { mask: () => "*" } },
      // @ts-expect-error a restricted field is encrypted
      clearRestricted: { ...base, exposure: "restricted", personal: true, erased: true },
      // @ts-expect-error an answer a sale needs has a name in the submission
      requiredUnnamed: { ...base, exposure: "ping", personal: false, erased: false, requiredForSale: true },
    } satisfies Record<string, LeadFieldSpec>;
    expect(Object.keys(bad)).toHaveLength(7);
  });

  it("keeps every field that says who the person is out of logs and erases it with them", () => {
    for (const field of SERVER_FIELDS) {
      const spec = LEAD_FIELDS[field];
      if (spec.exposure !== "contact" && spec.exposure !== "restricted") continue;
      expect(PERSONAL_FIELD_NAMES, field).toContain(field);
      expect(PERSONAL_FIELD_NAMES, field).toContain(spec.client);
      expect(ERASED_FIELDS, field).toContain(field);
    }
    // Ping fields stay in logs; the ones that narrow the person down are erased all the same.
    expect(PERSONAL_FIELD_NAMES).not.toContain("zip");
    expect(ERASED_FIELDS).toEqual(expect.arrayContaining(["zip", "city", "job_title", "bank_name"]));
    expect(ERASED_FIELDS).not.toContain("loan_amount");
    expect(ERASED_FIELDS).not.toContain("state");
  });

  it("takes every submission name of the registry in the final submission, bounded like an answer", () => {
    const every = Object.fromEntries(SUBMISSION_NAMES.map((name) => [name, "answer"]));
    const body = { ...FIXED_SUBMISSION, confirm_pii: "YES" };
    expect(leadSendRequest.parse({ ...body, ...every })).toMatchObject({ ...every, confirm_pii: "YES" });
    for (const name of SUBMISSION_NAMES) {
      expect(leadSendRequest.safeParse({ ...body, [name]: "x".repeat(201) }).success, name).toBe(false);
    }
    // Each answer a sale needs is named by one of those names.
    for (const name of Object.values(REQUIRED_FOR_SALE)) expect(SUBMISSION_NAMES).toContain(name);
  });
});
