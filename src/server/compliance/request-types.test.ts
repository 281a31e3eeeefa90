import { describe, expect, it } from "vitest";
import { DO_NOT_SELL_REQUEST_OPTIONS } from "#domain/options.ts";
import {
  isRequestType,
  REQUEST_TYPE_RULES,
  requestTypeRule,
  type RequestType,
  type RequestTypeRule,
} from "./request-types.ts";

describe("privacy request types", () => {
  it("has a row for every type the do-not-sell form offers, and a type without one does not compile", () => {
    for (const option of DO_NOT_SELL_REQUEST_OPTIONS) expect(isRequestType(option.value)).toBe(true);
    // @ts-expect-error -- a table missing a type's row is refused by the compiler (`npm run typecheck`).
    const missing: Record<RequestType, RequestTypeRule> = { UNSUBSCRIBE: REQUEST_TYPE_RULES.UNSUBSCRIBE };
    expect(Object.keys(missing)).toEqual(["UNSUBSCRIBE"]);
  });

  it("reads a stored type back, and nothing for a value that is no type, an object's own keys included", () => {
    expect(requestTypeRule("DELETE")).toBe(REQUEST_TYPE_RULES.DELETE);
    for (const stored of [null, undefined, "", "delete", "toString", "__proto__", "constructor"]) {
      expect(requestTypeRule(stored)).toBeUndefined();
      expect(isRequestType(stored)).toBe(false);
    }
  });

  it("stops marketing wherever it stops selling", () => {
    // A person whose data may no longer be sold is no one to send the lists' e-mail to either.
    for (const rule of Object.values(REQUEST_TYPE_RULES) as RequestTypeRule[]) {
      if (rule.stopsSelling) expect(rule.stopsMarketing).toBe(true);
    }
  });
});
