// How the outboxes (marketing, mail, postbacks) wait after a failure that may pass: 30 s, 1 min, 2 min ... at most
// an hour, so an outage of minutes or hours loses nothing and does not hammer the service when it returns. An outbox
// whose first pause is a setting (POSTBACK_RETRY_SECONDS) passes its own; the pauses double from it all the same.
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The pause before try `attempt + 1`. */
export function retryDelayMs(attempt: number, firstMs: number = FIRST_RETRY_MS): number {
  return Math.min(LONGEST_RETRY_MS, firstMs * 2 ** Math.max(0, attempt));
}
