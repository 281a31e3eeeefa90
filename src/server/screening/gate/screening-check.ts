import type { CheckAnswer, CheckName } from "#domain/screening/quality-checks.ts";

// One check of the gate (docs/product/screening.md#how-the-gate-works): an interface every offline default and every
// adapter meets, so the gate runs them alike, together, each within its own timeout.

/** What the gate knows of a lead when it checks it: the answers in clear, and the keyed hashes velocity counts by. */
export type ScreenInput = {
  leadId: string;
  testMode: boolean;
  phone: string | null;
  email: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  /** The TrustedForm certificate URL the lead carries, if any. */
  trustedFormUrl: string | null;
  /** The Jornaya LeadiD token the lead carries, if any. */
  jornayaLeadId: string | null;
  /** When the lead's auction was created: velocity counts the window before it. */
  sentAt: Date;
  hashes: { device: string | null; ip: string | null; phone: string | null; email: string | null };
};

/**
 * One answer, before the gate stamps it with its time. `noCall`: an adapter answered without calling out (no phone to
 * look up, an answer it had cached), so the call is not counted as one paid for.
 */
export type Answered<C extends CheckName = CheckName> = {
  answer: CheckAnswer<C>;
  source: string;
  detail?: string;
  noCall?: true;
};

export type Answers = { [C in CheckName]?: Answered<C> };

/** An outside call a check made, for the day's counts (screening_calls) and /metrics. */
export type ServiceCall = { adapter: string; outcome: "ok" | "failed" | "timeout" };

export type ScreeningCheck = {
  /** For logs and metrics: "phone-plan", "twilio", "dns", ... */
  name: string;
  /** The checks it answers: on a timeout or a failure, the gate answers each of them "unknown". */
  answers: readonly CheckName[];
  /** Its own time limit, within the gate's budget. */
  timeoutMs: number;
  /** The adapter it calls out to, if any (its calls are counted); undefined for an offline check. */
  adapter?: string;
  /**
   * Its answers for the lead. `signal` aborts once its time is up (an outside call must pass it on); a check that
   * has nothing to look at (no phone) answers "unknown" with a detail, never throws for it.
   */
  run(input: ScreenInput, signal: AbortSignal): Promise<Answers>;
};
