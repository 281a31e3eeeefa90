// What an adapter throws when its service did not answer (docs/product/screening.md#how-the-gate-works): the gate
// answers the check "unknown" and counts the call as failed or timed out. A service that answered, whatever it said,
// is an answer, never this.
export class ServiceFailure extends Error {
  readonly outcome: "failed" | "timeout";

  constructor(outcome: "failed" | "timeout", reason: string) {
    super(reason);
    this.name = "ServiceFailure";
    this.outcome = outcome;
  }
}
