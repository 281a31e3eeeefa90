import type { Db } from "../db/database.ts";
import { workThrough } from "../outbox/claim-due.ts";
import { retryDelayMs } from "../outbox/retry-delay.ts";
import { claimDueMails, finishMail, releaseMails, retryMailAt, withholdMail, type OutboxMail } from "./mail-outbox.ts";
import type { MailTransport } from "./mail-transport.ts";

const BATCH = 20;
/** Longer than one SMTP delivery can take (its timeouts are 15 s each step). */
const CLAIM_LEASE_MS = 120_000;
/** The longest one delivery may take: a pass starts no delivery with less of its claim left. */
const DELIVERY_MS = 60_000;

/** `handedBack`: claimed, then left for the next pass because the process is stopping. */
export type DeliveryReport = { sent: number; failed: number; retrying: number; withheld: number; handedBack?: number };

/**
 * Asked of every mail just before it is sent: a reason it must not go any more (the person opted out since
 * it was queued, what it was about is over), or undefined. The contexts that queue mails supply it
 * (src/server/app.ts), since the mail platform knows no lead or suppression.
 */
export type SendCheck = (mail: OutboxMail) => Promise<string | undefined>;

// One pass of the delivery job: each mail due goes to the transport; an outage is retried with growing
// pauses, so it loses nothing; a mail is marked sent only once the server took it.
export async function deliverMail(
  db: Db,
  transport: MailTransport,
  from: string,
  now: Date = new Date(),
  check?: SendCheck,
  stopping: () => boolean = () => false,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, retrying: 0, withheld: 0 };
  const claimed = await claimDueMails(db, now, BATCH, CLAIM_LEASE_MS);
  const handedBack = await workThrough(
    claimed,
    { stopping, claimLeftMs: CLAIM_LEASE_MS - DELIVERY_MS },
    (ids) => releaseMails(db, ids, { now, leaseMs: CLAIM_LEASE_MS }),
    async (mail) => {
      if (!mail.toAddress || mail.body === null) {
        await finishMail(db, mail.id, "failed", now, "no recipient");
        report.failed++;
        return;
      }
      const reason = await check?.(mail);
      if (reason) {
        await withholdMail(db, mail.id, reason);
        report.withheld++;
        return;
      }
      const result = await transport.send({ from, to: mail.toAddress, subject: mail.subject, text: mail.body });
      if (result.ok) {
        await finishMail(db, mail.id, "sent", now);
        report.sent++;
      } else if (!result.retry) {
        await finishMail(db, mail.id, "failed", now, result.reason);
        report.failed++;
      } else {
        await retryMailAt(db, mail.id, new Date(now.getTime() + retryDelayMs(mail.attempts)), result.reason);
        report.retrying++;
      }
    },
  );
  // The rest go to the next pass of any process now, not when their claim runs out.
  if (handedBack > 0) report.handedBack = handedBack;
  return report;
}
