// How an e-mail leaves the machine (docs/product/mail.md). The delivery job hands a transport one mail at a
// time and learns whether it was taken, may be tried again (the server is down, a 4xx answer) or was refused
// for good (a 5xx answer: no such mailbox). A transport never throws and never reports credentials.
type Mail = { from: string; to: string; subject: string; text: string };

export type DeliveryResult = { ok: true } | { ok: false; retry: boolean; reason: string };

export interface MailTransport {
  send(mail: Mail): Promise<DeliveryResult>;
  close(): void;
}
