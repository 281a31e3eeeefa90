import { describe, expect, it } from "vitest";
import {
  DEFAULT_SCREENING_SETTINGS,
  qualityFilterSchema,
  qualityRefusal,
  refusingRule,
  screeningSettingsSchema,
} from "./quality-checks.ts";

const answers =
  (given: Record<string, string>) =>
  (check: string): unknown =>
    given[check];

describe("a buyer's demands on the gate's answers", () => {
  const mobilesOnly = qualityFilterSchema.parse({ phoneLineTypes: ["mobile"] });

  it("passes a mobile and refuses a VoIP line, naming the check and answer", () => {
    expect(qualityRefusal(mobilesOnly, answers({ phone_line_type: "mobile" }))).toBeUndefined();
    expect(qualityRefusal(mobilesOnly, answers({ phone_line_type: "voip" }))).toBe("phone_line_type: voip");
  });

  it("lets an unknown answer pass unless the buyer says it may not", () => {
    expect(qualityRefusal(mobilesOnly, answers({}))).toBeUndefined();
    const strict = qualityFilterSchema.parse({ phoneLineTypes: ["mobile"], unknownPasses: false });
    expect(qualityRefusal(strict, answers({ phone_line_type: "unknown" }))).toBe("phone_line_type: unknown");
  });

  it("reads each demand from its own check", () => {
    const filter = qualityFilterSchema.parse({ noDisposableEmail: true, noVelocityFlag: true, emailDeliverable: true });
    const clean = { email_domain: "ok", velocity: "ok", email_mx: "deliverable" };
    expect(qualityRefusal(filter, answers(clean))).toBeUndefined();
    expect(qualityRefusal(filter, answers({ ...clean, email_domain: "disposable" }))).toBe("email_domain: disposable");
    expect(qualityRefusal(filter, answers({ ...clean, velocity: "flagged" }))).toBe("velocity: flagged");
    expect(qualityRefusal(filter, answers({ ...clean, email_mx: "undeliverable" }))).toBe("email_mx: undeliverable");
  });

  it("demands nothing of a buyer without a filter, or with a demand switched off", () => {
    expect(qualityRefusal(undefined, answers({ velocity: "flagged" }))).toBeUndefined();
    const off = qualityFilterSchema.parse({ noVelocityFlag: false });
    expect(qualityRefusal(off, answers({ velocity: "flagged" }))).toBeUndefined();
  });

  it("refuses a lead without a certificate to a buyer that wants a verified one, whatever unknowns may do", () => {
    const filter = qualityFilterSchema.parse({ certificateVerified: true });
    expect(qualityRefusal(filter, answers({ consent_certificate: "none" }))).toBe("consent_certificate: none");
    expect(qualityRefusal(filter, answers({ consent_certificate: "claimed" }))).toBeUndefined();
  });
});

describe("the operator's refusal rules", () => {
  it("refuse a listed litigator by default and let a clean lead through", () => {
    const rules = DEFAULT_SCREENING_SETTINGS.rules;
    expect(refusingRule(rules, { litigator: { answer: "listed", source: "lists", at: "" } })?.reason).toBe("litigator");
    expect(refusingRule(rules, { velocity: { answer: "flagged", source: "offline", at: "" } })?.reason).toBe(
      "velocity",
    );
    expect(refusingRule(rules, { velocity: { answer: "ok", source: "offline", at: "" } })).toBeUndefined();
  });

  it("may not drop the list rules, and name only answers a check gives", () => {
    const withoutLists = { ...DEFAULT_SCREENING_SETTINGS, rules: DEFAULT_SCREENING_SETTINGS.rules.slice(2) };
    const dropped = screeningSettingsSchema.safeParse(withoutLists);
    expect(dropped.success).toBe(false);
    expect(dropped.error?.issues.map((i) => i.message).join()).toContain("litigator list match is always refused");
    const wrongAnswer = {
      ...DEFAULT_SCREENING_SETTINGS,
      rules: [...DEFAULT_SCREENING_SETTINGS.rules, { check: "phone_line_type", answers: ["pager"], reason: "pager" }],
    };
    const bad = screeningSettingsSchema.safeParse(wrongAnswer);
    expect(bad.error?.issues[0]?.path).toEqual(["rules", 3, "answers", 0]);
    expect(screeningSettingsSchema.safeParse(DEFAULT_SCREENING_SETTINGS).success).toBe(true);
  });
});
