import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { createLeadRequest, emailLinkRequest, updateLeadRequest } from "./lead.ts";

const today = new Date("2026-11-23T00:00:00Z");
const createLeadSchema = (day: Date) => createLeadRequest({ today: day });
const updateLeadSchema = (day: Date) => updateLeadRequest({ today: day });
const emailLinkSchema = emailLinkRequest;

describe("lead bodies", () => {
  const create = createLeadSchema(today);

  it("creates from the quick start data plus the e-mail", () => {
    const body = {
      loan_amount: "500",
      loan_reason: "MEDICAL",
      zip: "10001",
      email: " ana@example.com ",
      city: "New York",
      state: "NY",
    };
    expect(create.parse(body)).toMatchObject({ loan_amount: 500, email: "ana@example.com", zip: "10001" });
  });

  it("requires e-mail, amount, reason and zip, with the spec's messages", () => {
    const result = create.safeParse({});
    expect(result.success).toBe(false);
    // One message per field: the "required" check stops the others.
    expect(result.error!.issues).toHaveLength(4);
    expect(create.safeParse({ loan_amount: 500, loan_reason: "MEDICAL", zip: "10001", email: "a@b.co" }).success).toBe(
      true,
    );
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toMatchObject({
      email: MESSAGES.emailRequired,
      loan_amount: MESSAGES.loanAmountRequired,
      loan_reason: MESSAGES.loanReasonRequired,
      zip: MESSAGES.zipRequired,
    });
  });

  it("validates a complete contact with the same rules as the screens", () => {
    const base = { loan_amount: 500, loan_reason: "MEDICAL", zip: "10001", email: "a@b.co" };
    expect(create.safeParse({ ...base, ssn: "123-45-6789", dob: "1990-01-01", bank_aba: "021000021" }).success).toBe(
      true,
    );
    expect(create.safeParse({ ...base, ssn: "12-345" }).error?.issues[0]?.message).toBe(MESSAGES.ssnFormat);
    expect(create.safeParse({ ...base, dob: "2010-01-01" }).error?.issues[0]?.message).toBe(MESSAGES.underage);
  });

  it("updates any subset of fields of a named lead", () => {
    const update = updateLeadSchema(today);
    expect(update.parse({ lead_id: "ld_x", first_name: " Ana " })).toEqual({ lead_id: "ld_x", first_name: "Ana" });
    expect(update.safeParse({ first_name: "Ana" }).success).toBe(false);
  });

  it("accepts the e-mail-link entry with or without a resume token", () => {
    expect(emailLinkSchema.safeParse({ email: "a@b.co", loan_reason: "TAXES" }).success).toBe(true);
    expect(
      emailLinkSchema.safeParse({ email: "a@b.co", loan_reason: "TAXES", resume_token: "x".repeat(2049) }).success,
    ).toBe(false);
  });

  it("takes an empty middle name (the funnel never asks) but not an oversized one", () => {
    const update = updateLeadSchema(today);
    expect(update.parse({ lead_id: "ld_x", middle_name: " " })).toEqual({ lead_id: "ld_x", middle_name: "" });
    expect(update.safeParse({ lead_id: "ld_x", middle_name: "M".repeat(51) }).error?.issues[0]?.message).toBe(
      MESSAGES.nameTooLong,
    );
  });

  it("checks a work phone with the work phone step's rules", () => {
    const update = updateLeadSchema(today);
    expect(update.safeParse({ lead_id: "ld_x", work_phone: "646555987" }).error?.issues[0]?.message).toBe(
      MESSAGES.workPhoneDigits,
    );
    expect(update.parse({ lead_id: "ld_x", work_phone: "(646)-555-9876" })).toEqual({
      lead_id: "ld_x",
      work_phone: "6465559876",
    });
  });
});

describe("the day a date rule reads", () => {
  it("is read at each check when given as a clock, so a long-lived schema follows the date", () => {
    let now = new Date("2026-11-23T00:00:00Z");
    const update = updateLeadRequest({ today: () => now });
    const turning18 = { lead_id: "ld_x", dob: "2008-11-24" };
    expect(update.safeParse(turning18).error?.issues[0]?.message).toBe(MESSAGES.underage);
    now = new Date("2026-11-24T00:00:00Z");
    expect(update.safeParse(turning18).success).toBe(true);
  });
});
