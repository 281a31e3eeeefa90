import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";
import { retryDelayMs } from "../../platform/outbox/retry-delay.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import type { OutboundGuard } from "../../platform/net/outbound-guard.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import { postbackSecretOf } from "../publishers/publisher-store.ts";
import { callPostback } from "./postback-call.ts";
import { claimDuePostbacks, recordTry, type PostbackRow } from "./postback-outbox.ts";

// The postback worker (docs/product/partners.md#postbacks): every pass sends the postbacks due, each claimed
// with a lease so two processes never send one at once, and retries a network error, a timeout or an answer
// other than 2xx with growing pauses until the attempts run out.

export type PostbackWorker = {
  db: Db;
  cipher: PiiCipher;
  /** Where a publisher's postback URL may lead (docs/decisions/0040-outbound-guard.md). */
  outbound: OutboundGuard;
  /** How long a publisher has to answer. */
  timeoutMs?: number;
  /** What ends a call after `timeoutMs`: a wall-clock timer but in tests. */
  timeout?: TimeoutSignal;
  /** Tries before a postback is marked failed. */
  maxAttempts?: number;
  /** The first pause after a failed try (POSTBACK_RETRY_SECONDS); retry-delay.ts's own when unset. */
  firstRetryMs?: number;
};

const BATCH = 25;
const TIMEOUT_MS = 5_000;
/** With retry-delay.ts's pauses, twelve tries span about six hours: a publisher's outage of an afternoon. */
const MAX_ATTEMPTS = 12;
/** Well past a call's timeout: a claimed row is not taken again while it is being sent. */
const LEASE_MS = 60_000;

export type PostbackReport = { sent: number; retrying: number; failed: number };

export async function sendDuePostbacks(worker: PostbackWorker, now: Date = new Date()): Promise<PostbackReport> {
  const report: PostbackReport = { sent: 0, retrying: 0, failed: 0 };
  const due = await claimDuePostbacks(worker.db, now, BATCH, LEASE_MS);
  // One publisher's slow answer waits for itself only.
  const outcomes = await Promise.all(due.map((row) => sendOne(worker, row, now)));
  for (const outcome of outcomes) report[outcome]++;
  return report;
}

async function sendOne(worker: PostbackWorker, row: PostbackRow, now: Date): Promise<keyof PostbackReport> {
  const secret = await postbackSecretOf(worker.db, worker.cipher, row.publisherId);
  const answer =
    secret === null
      ? { status: null, body: null, latencyMs: 0, error: "no such publisher" }
      : await callPostback(worker.outbound, row.url, secret, worker.timeoutMs ?? TIMEOUT_MS, now, worker.timeout);
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const finished = new Date();
  if (ok) {
    await recordTry(worker.db, row.id, answer, { status: "sent", at: finished });
    return "sent";
  }
  if (secret === null || row.attempts + 1 >= (worker.maxAttempts ?? MAX_ATTEMPTS)) {
    await recordTry(worker.db, row.id, answer, { status: "failed", at: finished });
    return "failed";
  }
  await recordTry(worker.db, row.id, answer, {
    status: "pending",
    retryAt: new Date(now.getTime() + retryDelayMs(row.attempts, worker.firstRetryMs)),
  });
  return "retrying";
}

/** Every `everyMs` (PARTNERS_JOB_SECONDS, 5 s by default: a postback follows its event within seconds). */
export function schedulePostbacks(app: FastifyInstance, worker: PostbackWorker, everyMs: number): void {
  runEvery(app, { name: "postbacks", everyMs, firstAfterMs: Math.min(1_000, everyMs) }, () => sendDuePostbacks(worker));
}
