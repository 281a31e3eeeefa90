import { Metadata, parsePhoneNumberFromString, type PhoneNumberType as PhoneType } from "libphonenumber-js/max";
import type { Answered, ScreeningCheck } from "../gate/screening-check.ts";
import { usNationalNumber } from "./us-national-number.ts";

// The number plan, offline (docs/product/screening.md#phone): libphonenumber's full ("max") metadata knows which US
// area codes and exchanges are in service and which ranges are premium, toll-free or personal. Its own isValid() and
// getType() compile every pattern again on each call (about 12 µs a number); the US patterns are compiled here once,
// at load, and tested in libphonenumber's order, so a lead costs a few regular expressions
// (phone-plan-check.test.ts holds the two to the same answers).

/** The parts of libphonenumber's numbering plan read here: its runtime accessors, which its typings leave out. */
type PlanAccessors = {
  nationalNumberPattern(): string;
  type(type: PhoneType): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
};

/** libphonenumber's order after the fixed line (helpers/getNumberType.js): the first that matches is the type. */
const OTHER_TYPES: readonly PhoneType[] = [
  "MOBILE",
  "PREMIUM_RATE",
  "TOLL_FREE",
  "SHARED_COST",
  "VOIP",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
];

/** The types no person applying for a loan answers on, in the words of the detail. */
const REFUSED_TYPES: Partial<Record<PhoneType, string>> = {
  PREMIUM_RATE: "premium rate",
  TOLL_FREE: "toll-free",
  SHARED_COST: "shared cost",
  PERSONAL_NUMBER: "personal number",
  UAN: "universal access number",
  VOICEMAIL: "voicemail",
  PAGER: "pager",
};

type CompiledType = { type: PhoneType; pattern: RegExp; lengths: readonly number[] | undefined };

function compileUsPlan(): { national: RegExp; fixedLine: CompiledType | undefined; others: CompiledType[] } {
  const metadata = new Metadata();
  metadata.selectNumberingPlan("US");
  const plan = metadata.numberingPlan as unknown as PlanAccessors | undefined;
  if (!plan) throw new Error("libphonenumber-js has no US numbering plan");
  const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
  const compiled = (type: PhoneType): CompiledType | undefined => {
    const definition = plan.type(type);
    const pattern = definition?.pattern();
    // An empty pattern is the metadata's way of saying "the same as the fixed line" (the US mobile range).
    return pattern ? { type, pattern: whole(pattern), lengths: definition?.possibleLengths() } : undefined;
  };
  return {
    national: whole(plan.nationalNumberPattern()),
    fixedLine: compiled("FIXED_LINE"),
    others: OTHER_TYPES.map(compiled).filter((t): t is CompiledType => t !== undefined),
  };
}

const US_PLAN = compileUsPlan();

const matches = (national: string, { pattern, lengths }: CompiledType) =>
  (lengths === undefined || lengths.includes(national.length)) && pattern.test(national);

/**
 * The number's type in the US plan as libphonenumber's getType() gives it ("FIXED_LINE_OR_MOBILE" for a
 * geographic number), or undefined when the US plan has no such number.
 */
export function usNumberType(national: string): PhoneType | undefined {
  if (!US_PLAN.national.test(national)) return undefined;
  if (US_PLAN.fixedLine && matches(national, US_PLAN.fixedLine)) return "FIXED_LINE_OR_MOBILE";
  return US_PLAN.others.find((t) => matches(national, t))?.type;
}

/** Why a ten-digit US number reaches no one, or undefined when it may. */
function refusal(national: string): string | undefined {
  const areaCode = national.slice(0, 3);
  const type = usNumberType(national);
  if (type === undefined) {
    // Rare, so the slow path may look further: a number of another country of the +1 plan (Canada, the Caribbean).
    const country = parsePhoneNumberFromString(`+1${national}`)?.country;
    return country && country !== "US" ? `not a US number (${country})` : "area code or exchange not in service";
  }
  const refused = REFUSED_TYPES[type];
  if (refused) return `${refused} (${areaCode})`;
  const exchange = national.slice(3, 6);
  // 555-0100 to 555-0199 are kept for fiction in every area code; an N11 exchange (211, 411, 911) is a service code.
  if (exchange === "555" && national.slice(6, 8) === "01") return "fictional 555-01xx";
  if (exchange[1] === "1" && exchange[2] === "1") return `N11 exchange (${exchange})`;
  return undefined;
}

export function screenPhonePlan(phone: string | null): Answered<"phone_number"> {
  if (!phone) return { answer: "unknown", source: "offline", detail: "no phone" };
  const national = usNationalNumber(phone);
  if (!national) return { answer: "invalid", source: "offline", detail: "not a 10-digit US number" };
  const why = refusal(national);
  return why ? { answer: "invalid", source: "offline", detail: why } : { answer: "valid", source: "offline" };
}

/** The phone against the US number plan, with no call out. */
export const phonePlanCheck: ScreeningCheck = {
  name: "phone-plan",
  answers: ["phone_number"],
  timeoutMs: 100,
  async run(input) {
    return { phone_number: screenPhonePlan(input.phone) };
  },
};
