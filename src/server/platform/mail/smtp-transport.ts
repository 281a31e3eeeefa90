import nodemailer from "nodemailer";
import type { DeliveryResult, MailTransport } from "./mail-transport.ts";

// The SMTP adapter (docs/product/mail.md): nodemailer, which speaks SMTP, STARTTLS and authentication the
// way mail servers expect. SMTP_URL carries host, port and credentials: smtp://user:pass@host:587 (STARTTLS
// when the server offers it) or smtps://user:pass@host:465.

type SmtpError = Error & { responseCode?: number; code?: string };

export function createSmtpTransport(url: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as never);
  return {
    async send(mail): Promise<DeliveryResult> {
      try {
        await transporter.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text });
        return { ok: true };
      } catch (error) {
        const { responseCode, code } = error as SmtpError;
        // 5xx: the server will never take this mail; anything else (no connection, 4xx) may pass.
        if (responseCode !== undefined && responseCode >= 500) {
          return { ok: false, retry: false, reason: `refused ${responseCode}` };
        }
        return { ok: false, retry: true, reason: responseCode ? `deferred ${responseCode}` : (code ?? "unreachable") };
      }
    },
    close: () => transporter.close(),
  };
}
