import { describe, expect, it } from "vitest";
import { LEAD_FIELDS } from "#domain/fields/lead-fields.ts";
import { isPersonalField, maskValue, PERSONAL_FIELDS, shownValue } from "./mask-personal.ts";

describe("the console's mask of personal data", () => {
  it("keeps an e-mail's first letter and domain, a phone's last four digits, a text's first character", () => {
    expect(maskValue("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskValue("2125551234")).toBe("•••-•••-1234");
    expect(maskValue("+1 (212) 555-9876")).toBe("•••-•••-9876");
    expect(maskValue("Rosalind")).toBe("R•••");
    expect(maskValue("350 5th Ave")).toBe("3•••");
    expect(maskValue(40.75)).toBe("•••");
    expect(maskValue(null)).toBeNull();
    expect(maskValue("[provided]")).toBe("[provided]");
    // Seven digits are no US phone: they keep only their first character.
    expect(maskValue("5551234")).toBe("5•••");
  });

  it("masks exactly the fields the registry calls personal", () => {
    expect(PERSONAL_FIELDS).toEqual(Object.keys(LEAD_FIELDS).filter((f) => LEAD_FIELDS[f as "email"].personal));
    for (const field of [
      "email",
      "first_name",
      "cell_phone",
      "work_phone",
      "address",
      "ssn",
      "dob",
      "bank_account_number",
    ]) {
      expect(isPersonalField(field)).toBe(true);
    }
    for (const field of ["loan_amount", "state", "credit_score"]) expect(isPersonalField(field)).toBe(false);
    expect(shownValue("email", "ana@example.com")).toBe("a•••@example.com");
    expect(shownValue("loan_amount", 500)).toBe(500);
    expect(shownValue("state", "NY")).toBe("NY");
    // A sensitive field reaches the console as its registry mask already.
    expect(shownValue("ssn", "***-**-6789")).toBe("***-**-6789");
  });
});
