import type { ScreeningListKind } from "#domain/contracts/console-screening-lists.ts";
import { CHECK_LABELS, type CheckName, type VelocityKey } from "#domain/screening/quality-checks.ts";

// How the screening page names the gate's parts (docs/product/screening.md): its checks by CHECK_LABELS, the kinds of
// list, the keys velocity counts by, and the outside services by the adapter their calls are counted under.

export const LIST_KIND_LABELS: Record<ScreeningListKind, string> = {
  do_not_call: "Do not call",
  litigator: "Litigator",
};

export const VELOCITY_KEY_LABELS: Record<VelocityKey, string> = {
  device: "Per device",
  ip: "Per IP address",
  phone: "Per phone",
  email: "Per e-mail",
};

/** A check as the console names it; one the page does not know (a check since retired) as the server wrote it. */
export const checkLabel = (check: string) =>
  Object.hasOwn(CHECK_LABELS, check) ? CHECK_LABELS[check as CheckName] : check;

// docs/product/screening.md#settings: the services the gate may call, each switched on by its own setting.
const SERVICE_LABELS = new Map([
  ["twilio", "Twilio Lookup (line type)"],
  ["dns", "DNS (mail server)"],
  ["trustedform", "TrustedForm"],
  ["jornaya", "Jornaya"],
  ["litigator-scrub", "Litigator scrub"],
]);
export const serviceLabel = (adapter: string) => SERVICE_LABELS.get(adapter) ?? adapter;

const OUTCOME_LABELS = new Map([
  ["ok", "Answered"],
  ["failed", "Failed"],
  ["timeout", "Timed out"],
]);
export const outcomeLabel = (outcome: string) => OUTCOME_LABELS.get(outcome) ?? outcome;

/** A count with its noun: "1 number", "1,200 lines". */
export const countOf = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** A velocity window as a person says it: "1 hour", "2 days", "90 minutes". */
export function windowText(minutes: number): string {
  if (minutes >= 24 * 60 && minutes % (24 * 60) === 0) return countOf(minutes / (24 * 60), "day");
  if (minutes >= 60 && minutes % 60 === 0) return countOf(minutes / 60, "hour");
  return countOf(minutes, "minute");
}
