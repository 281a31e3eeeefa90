import { isRequestType, REQUEST_TYPE_RULES, type RequestType } from "./request-types.ts";

// What each privacy request becomes (docs/product/privacy-requests.md): its deadline, and whether the
// product carries it out before it answers, waits for the person to confirm from their e-mail, or leaves it
// to the operator, as its row in request-types.ts says.

type RequestStatus = "open" | "awaiting_verification" | "completed";

export function requestTypeOf(kind: "unsubscribe" | "do-not-sell", payload: Record<string, string>): RequestType {
  if (kind === "unsubscribe") return "UNSUBSCRIBE";
  const asked = payload.stateResidencyPrompt;
  return isRequestType(asked) && asked !== "UNSUBSCRIBE" ? asked : "DO_NOT_SELL";
}

export function dueDate(type: RequestType, receivedAt: Date): Date {
  const { days, businessDays } = REQUEST_TYPE_RULES[type].deadline;
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
  const { handling } = REQUEST_TYPE_RULES[type];
  const done = handling === "at_once";
  const status: RequestStatus = done ? "completed" : handling === "verified_by_mail" ? "awaiting_verification" : "open";
  return { requestType: type, status, dueAt: dueDate(type, receivedAt), completedAt: done ? receivedAt : null };
}
