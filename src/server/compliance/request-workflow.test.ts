import { describe, expect, it } from "vitest";
import { dueDate, requestTypeOf, startOf } from "./request-workflow.ts";

const at = (iso: string) => new Date(`${iso}T15:00:00Z`);

describe("privacy request deadlines", () => {
  it("counts business days for opt-outs and calendar days for know, delete and correct", () => {
    // Friday 2026-11-27: ten business days later is Friday 2026-12-11; fifteen is Friday 2026-12-18.
    expect(dueDate("UNSUBSCRIBE", at("2026-11-27"))).toEqual(at("2026-12-11"));
    expect(dueDate("DO_NOT_SELL", at("2026-11-27"))).toEqual(at("2026-12-18"));
    // From a Saturday the first business day is Monday.
    expect(dueDate("LIMIT_SENSITIVE", at("2026-11-28"))).toEqual(at("2026-12-18"));
    expect(dueDate("DELETE", at("2026-11-28"))).toEqual(at("2027-01-12"));
    expect(dueDate("ACCESS", at("2026-12-31"))).toEqual(at("2027-02-14"));
  });

  it("carries opt-outs out at once, waits for the mailbox on know and delete, leaves corrections to the operator", () => {
    const now = at("2026-11-25");
    expect(startOf("DO_NOT_SELL", now)).toMatchObject({ status: "completed", completedAt: now });
    expect(startOf("DELETE", now)).toMatchObject({ status: "awaiting_verification", completedAt: null });
    expect(startOf("ACCESS", now)).toMatchObject({ status: "awaiting_verification" });
    expect(startOf("CORRECT", now)).toMatchObject({ status: "open", completedAt: null });
  });

  it("reads the type from the form, an unknown one as do-not-sell", () => {
    expect(requestTypeOf("unsubscribe", {})).toBe("UNSUBSCRIBE");
    expect(requestTypeOf("do-not-sell", { stateResidencyPrompt: "CORRECT" })).toBe("CORRECT");
    expect(requestTypeOf("do-not-sell", { stateResidencyPrompt: "SOMETHING" })).toBe("DO_NOT_SELL");
  });
});
