import { describe, expect, it } from "vitest";
import { withoutContactDetails } from "./contact-details.ts";

describe("withoutContactDetails", () => {
  it("takes out e-mail addresses and long runs of digits, and keeps the reason around them", () => {
    expect(withoutContactDetails("Duplicate: jane.doe+x@example.co.uk already applied")).toBe(
      "Duplicate: [e-mail] already applied",
    );
    expect(withoutContactDetails("phone (512) 555-0142 on DNC; ssn 123-45-6789")).toBe(
      "phone ([number] on DNC; ssn [number]",
    );
  });

  it("leaves a reason without contact details as it was, short numbers included", () => {
    expect(withoutContactDetails("income below 2500, state TX not served (code 41)")).toBe(
      "income below 2500, state TX not served (code 41)",
    );
  });
});
