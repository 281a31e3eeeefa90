/**
 * An outside service did not answer usefully (docs/product/screening.md#how-the-gate-works): the gate answers the
 * check "unknown" with this short reason (never a URL, a key or the person's data) and counts the call by `outcome`.
 */
export class ServiceFailure extends Error {
  override name = "ServiceFailure";
  readonly outcome: "failed" | "timeout";
  constructor(outcome: "failed" | "timeout", reason: string) {
    super(reason);
    this.outcome = outcome;
  }
}
