import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import type { ScreenInput } from "../gate/screening-check.ts";
import { phonePlanCheck, screenPhonePlan, usNumberType } from "./phone-plan-check.ts";

const lead = (phone: string | null): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone,
  email: null,
  zip: null,
  city: null,
  state: null,
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date("2026-12-01T12:00:00Z"),
  hashes: { device: null, ip: null, phone: null, email: null },
});

describe("the phone plan check", () => {
  it.each([
    ["2012001234", "a New Jersey number"],
    ["(212) 200-1234", "a Manhattan number, as the form masks it"],
    ["1-310-555-0200", "555 outside the fictional range, with the country code"],
    ["+1 415 555 2671", "another 555 number, in E.164"],
  ])("answers valid for %s (%s)", async (phone) => {
    expect(await phonePlanCheck.run(lead(phone), new AbortController().signal)).toEqual({
      phone_number: { answer: "valid", source: "offline" },
    });
  });

  it.each([
    ["9005551234", "premium rate (900)"],
    ["8005551234", "toll-free (800)"],
    ["8885551234", "toll-free (888)"],
    ["5005551234", "personal number (500)"],
    ["9992001234", "area code or exchange not in service"],
    ["2121001234", "area code or exchange not in service"],
    ["2015550123", "fictional 555-01xx"],
    ["2125550100", "fictional 555-01xx"],
    ["3105550199", "fictional 555-01xx"],
    ["2124111234", "N11 exchange (411)"],
    ["2129112345", "N11 exchange (911)"],
    ["4165551234", "not a US number (CA)"],
    ["12345", "not a 10-digit US number"],
    ["22012001234", "not a 10-digit US number"],
  ])("answers invalid for %s: %s", (phone, detail) => {
    expect(screenPhonePlan(phone)).toEqual({ answer: "invalid", source: "offline", detail });
  });

  it("answers unknown when the lead has no phone", async () => {
    expect(await phonePlanCheck.run(lead(null), new AbortController().signal)).toEqual({
      phone_number: { answer: "unknown", source: "offline", detail: "no phone" },
    });
    expect(phonePlanCheck.answers).toEqual(["phone_number"]);
    expect(phonePlanCheck.adapter).toBeUndefined();
  });

  it("keeps 555-0200 and 555-0099 out of the fictional range", () => {
    expect(screenPhonePlan("2015550200").answer).toBe("valid");
    expect(screenPhonePlan("2015550099").answer).toBe("valid");
  });

  it("gives libphonenumber's own US type for every area code", () => {
    // The patterns compiled once must answer as libphonenumber-js does when it compiles them on each call: an upgrade
    // of the package that changes its metadata's shape fails here, not in production.
    const differences: string[] = [];
    for (let area = 200; area <= 999; area++) {
      for (const rest of ["2001234", "5550150", "9112345", "7891234"]) {
        const national = `${area}${rest}`;
        const parsed = parsePhoneNumberFromString(`+1${national}`);
        const expected = parsed?.country === "US" && parsed.isValid() ? parsed.getType() : undefined;
        if (usNumberType(national) !== expected)
          differences.push(`${national}: ${usNumberType(national)} vs ${expected}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
