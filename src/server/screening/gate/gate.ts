import type { CheckName, CheckResult, QualityChecks } from "#domain/screening/quality-checks.ts";
import type { Answered, ScreenInput, ScreeningCheck, ServiceCall } from "./screening-check.ts";
import { ServiceFailure } from "./service-failure.ts";

// The gate's run (docs/product/screening.md#how-the-gate-works): every check at once, each within its own timeout and
// all within the gate's budget. A check that fails, throws or runs out of time answers "unknown" for each of its
// checks, so a slow or dead service never holds a lead: the auction goes on with what the others said.

type GateRun = {
  checks: QualityChecks;
  /** The outside calls made, for the day's counts. */
  calls: ServiceCall[];
  ms: number;
};

export type Gate = { run(input: ScreenInput): Promise<GateRun> };

export function createGate(options: {
  checks: readonly ScreeningCheck[];
  /** The most the gate may take in all (SCREENING_BUDGET_MS). */
  budgetMs: number;
  /** A check that threw something other than a ServiceFailure: a bug, said once per lead with the check's name. */
  warn: (message: string) => void;
  now?: () => Date;
}): Gate {
  const { checks, budgetMs, warn, now = () => new Date() } = options;
  return {
    async run(input) {
      const started = performance.now();
      const calls: ServiceCall[] = [];
      const answered = await Promise.all(
        checks.map(async (check) => {
          const result = await runOne(check, input, Math.min(check.timeoutMs, budgetMs));
          // Counted under the service that answered (a check may call one of two vendors), else the check's own.
          if (check.adapter && result.call)
            calls.push({ adapter: result.calledVia ?? check.adapter, outcome: result.call });
          if (result.bug) warn(`screening check ${check.name} failed: ${result.bug}`);
          return result.answers;
        }),
      );
      const at = now().toISOString();
      const record: Partial<Record<CheckName, CheckResult>> = {};
      // In the checks' order: a later check answering the same name (an adapter after the offline list) wins, unless
      // it could not tell.
      for (const answers of answered) {
        for (const [name, a] of Object.entries(answers) as [CheckName, Answered][]) {
          if (record[name] && a.answer === "unknown") continue;
          record[name] = { answer: a.answer, source: a.source, at, ...(a.detail ? { detail: a.detail } : {}) };
        }
      }
      return { checks: record as QualityChecks, calls, ms: Math.round(performance.now() - started) };
    },
  };
}

type OneResult = {
  answers: Partial<Record<CheckName, Answered>>;
  call?: ServiceCall["outcome"];
  calledVia?: string;
  bug?: string;
};

async function runOne(check: ScreeningCheck, input: ScreenInput, timeoutMs: number): Promise<OneResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException("screening check timed out", "TimeoutError"));
      resolve("timeout");
    }, timeoutMs);
  });
  const source = check.adapter ?? check.name;
  const unknown = (detail: string) =>
    Object.fromEntries(check.answers.map((name) => [name, { answer: "unknown", source, detail } as Answered]));
  try {
    // The race, not the check's own care, bounds the wait: a check that ignores its signal is still left behind.
    const outcome = await Promise.race([check.run(input, controller.signal), timedOut]);
    if (outcome === "timeout") return { answers: unknown("timeout"), call: "timeout" };
    const called = Object.values(outcome).find((a) => !a.noCall);
    return { answers: outcome, ...(called ? { call: "ok" as const, calledVia: called.source } : {}) };
  } catch (error) {
    if (controller.signal.aborted) return { answers: unknown("timeout"), call: "timeout" };
    if (error instanceof ServiceFailure) return { answers: unknown(error.message), call: error.outcome };
    return { answers: unknown("check failed"), call: "failed", bug: (error as Error).name };
  } finally {
    clearTimeout(timer);
  }
}
