import type { CallOutcome } from "./buyer-http.ts";

// A buyer's answer as the network keeps it: prices in cents, and its text and reason with the lead's personal values
// masked, for the ping and the post alike.

export const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : Math.round(dollars * 100));

/** The answer text as stored: personal values of the lead replaced, and cut to a size worth keeping. */
function maskText(text: string, secrets: string[]): string {
  let out = text.slice(0, 4000);
  for (const s of secrets) out = out.split(s).join("[masked]");
  return out;
}

/** A buyer's own reason as an outcome's detail: personal values of the lead masked, and short. */
export const buyerReason = (reason: string | undefined, secrets: string[]) =>
  reason === undefined ? null : maskText(reason, secrets).slice(0, 200);

export function outcomeColumns(outcome: CallOutcome, secrets: string[]) {
  return {
    httpStatus: outcome.httpStatus ?? null,
    latencyMs: outcome.latencyMs,
    response: maskText(outcome.text, secrets),
    // A buyer's own words may quote the person: masked like the body, as the outcome's detail is.
    reason: outcome.ok ? buyerReason(outcome.answer.reason, secrets) : outcome.reason,
    externalId: outcome.ok ? (outcome.answer.id ?? null) : null,
    redirectUrl: outcome.ok ? (outcome.answer.redirectUrl ?? null) : null,
  };
}
