// What each privacy request becomes (docs/product/privacy-requests.md): its deadline, and whether the
// product carries it out before it answers, waits for the person to confirm from their e-mail, or leaves it
// to the operator.

const REQUEST_TYPES = ["UNSUBSCRIBE", "DO_NOT_SELL", "LIMIT_SENSITIVE", "DELETE", "ACCESS", "CORRECT"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

type RequestStatus = "open" | "awaiting_verification" | "completed";

// The law's longest wait: 10 business days for an e-mail opt-out (CAN-SPAM), 15 business days for a sale or
// sensitive-data opt-out, 45 days for know, delete and correct (the state privacy laws).
const DEADLINE: Record<RequestType, { days: number; businessDays: boolean }> = {
  UNSUBSCRIBE: { days: 10, businessDays: true },
  DO_NOT_SELL: { days: 15, businessDays: true },
  LIMIT_SENSITIVE: { days: 15, businessDays: true },
  DELETE: { days: 45, businessDays: false },
  ACCESS: { days: 45, businessDays: false },
  CORRECT: { days: 45, businessDays: false },
};

/** Opt-outs take effect before the answer returns (suppression reads the stored request). */
const CARRIED_OUT_AT_ONCE: ReadonlySet<RequestType> = new Set(["UNSUBSCRIBE", "DO_NOT_SELL", "LIMIT_SENSITIVE"]);
/** Only whoever reads the e-mail given may see or erase what is held for it. */
const VERIFIED_BY_EMAIL: ReadonlySet<RequestType> = new Set(["DELETE", "ACCESS"]);

export function requestTypeOf(kind: "unsubscribe" | "do-not-sell", payload: Record<string, string>): RequestType {
  if (kind === "unsubscribe") return "UNSUBSCRIBE";
  const asked = payload.stateResidencyPrompt as RequestType;
  return REQUEST_TYPES.includes(asked) ? asked : "DO_NOT_SELL";
}

export function dueDate(type: RequestType, receivedAt: Date): Date {
  const { days, businessDays } = DEADLINE[type];
  const due = new Date(receivedAt);
  if (!businessDays) {
    due.setUTCDate(due.getUTCDate() + days);
    return due;
  }
  for (let left = days; left > 0;) {
    due.setUTCDate(due.getUTCDate() + 1);
    if (due.getUTCDay() !== 0 && due.getUTCDay() !== 6) left--;
  }
  return due;
}

export function startOf(type: RequestType, receivedAt: Date) {
  const done = CARRIED_OUT_AT_ONCE.has(type);
  const status: RequestStatus = done ? "completed" : VERIFIED_BY_EMAIL.has(type) ? "awaiting_verification" : "open";
  return { requestType: type, status, dueAt: dueDate(type, receivedAt), completedAt: done ? receivedAt : null };
}
