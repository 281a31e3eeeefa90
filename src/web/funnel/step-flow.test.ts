import { describe, expect, it } from "vitest";
import { CONSENT_TEXTS } from "#domain/consent.ts";
import { stepBySlug } from "#domain/steps/step-table.ts";
import { clientFieldOfServerName, clientFieldOfWire, consentEvidence, nextPathAfterSave } from "./step-flow.ts";

const step = (slug: string) => stepBySlug(slug)!;

describe("step flow", () => {
  it("sends the returning visitor from the pay date to the first step still missing", () => {
    expect(nextPathAfterSave(step("nextpaydatesort"), { employerName: "Acme", jobTitle: "Clerk" })).toBe("/workphone");
    expect(nextPathAfterSave(step("nextpaydate"), {})).toBe("/empinfor");
    expect(nextPathAfterSave(step("ssn"), {})).toBe("/requestcash");
  });

  it("carries the consent evidence of the rows that show consent text, and none elsewhere", () => {
    const placeholders = { brand: "Loanpath", shortCode: "72266" };
    expect(consentEvidence(step("cellphone"), "/cellphone", placeholders)).toEqual({
      consent: { key: "phone", version: CONSENT_TEXTS.phone.version, page_url: "/cellphone", placeholders },
    });
    expect(consentEvidence(step("ssn"), "/ssn", placeholders).consent?.key).toBe("ssn");
    expect(consentEvidence(step("dob"), "/dob", placeholders)).toEqual({});
  });

  it("puts a refusal in wire names on the form field it came from", () => {
    expect(clientFieldOfWire(step("cellphone"), "cellPhone")).toBe("phone");
    expect(clientFieldOfWire(step("cellphone"), "homePhone")).toBe("phone");
    expect(clientFieldOfWire(step("aba"), "bankAba")).toBe("routingNumber");
    expect(clientFieldOfWire(step("incomesource"), "activeMilitary")).toBe("incomeSource");
    expect(clientFieldOfWire(step("address"), "zip")).toBe("zipCode");
    expect(clientFieldOfWire(step("address"), "lead_id")).toBeUndefined();
    expect(clientFieldOfServerName("first_name")).toBe("firstName");
    expect(clientFieldOfServerName("nope")).toBeUndefined();
  });
});
