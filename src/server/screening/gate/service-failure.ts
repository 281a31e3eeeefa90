import type { ServiceCall } from "./screening-check.ts";

/**
 * What an adapter's check throws when its outside call did not answer: the gate answers "unknown" for each of its
 * checks and counts the call by `outcome` (screening_calls, /metrics). `message` is a short reason ("HTTP 500",
 * "timeout"), never the address, a key, a phone or an e-mail.
 */
export class ServiceFailure extends Error {
  override name = "ServiceFailure";
  readonly outcome: Exclude<ServiceCall["outcome"], "ok">;

  constructor(outcome: Exclude<ServiceCall["outcome"], "ok">, reason: string) {
    super(reason);
    this.outcome = outcome;
  }
}
