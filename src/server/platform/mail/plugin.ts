import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/config.ts";
import type { Db } from "../db/database.ts";
import { deliverMail, type SendCheck } from "./deliver-mail.ts";
import type { MailTransport } from "./mail-transport.ts";
import { createSmtpTransport } from "./smtp-transport.ts";
import { runEvery } from "../jobs/run-every.ts";

/** How often the outbox is looked at for mail due. */
const DELIVERY_EVERY_MS = 10_000;

// Mail delivery (docs/product/mail.md): with SMTP_URL (or a transport a test passes) every process delivers
// the outbox; without one the mails stay in the table and nothing leaves the machine. Only counts are logged.
async function mail(
  app: FastifyInstance,
  opts: { config: Config; db: Db; transport?: MailTransport; check?: SendCheck },
) {
  const { smtpUrl, from } = opts.config.mail;
  const transport = opts.transport ?? (smtpUrl ? createSmtpTransport(smtpUrl) : undefined);
  if (!transport) return;

  runEvery(app, { name: "mail delivery", everyMs: DELIVERY_EVERY_MS, onClose: () => transport.close() }, (stopping) =>
    deliverMail(opts.db, transport, from, new Date(), opts.check, stopping),
  );
}

export default fp(mail, { name: "mail" });
