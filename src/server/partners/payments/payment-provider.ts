// Where a buyer tops up its balance (docs/product/buyer-money.md#payments): a hosted payment page the provider makes,
// and the provider's signed word that it was paid, which records the payment. None configured, nothing is offered.

declare module "fastify" {
  interface FastifyInstance {
    /** The one payment provider of the process (Stripe, or the offline default), for the console and the webhook. */
    paymentProvider: PaymentProvider;
  }
}

/** A payment the provider confirmed, as the store records it. */
type ConfirmedPayment = { buyerId: string; amountCents: number; externalId: string; reference: string };

type Refusal<Status extends number> = { status: Status; message: string };

/** The page's address, or why there is none: no provider (409), or it did not answer (502). */
type TopUp = { url: string } | Refusal<409 | 502>;

/**
 * A webhook delivery, read: refused (a signature that does not match, 400; no provider, 404), a payment to record, or
 * an event of no concern. A refusal writes nothing.
 */
export type WebhookReading = Refusal<400 | 404> | { payment: ConfirmedPayment } | { ignored: string };

export type PaymentProvider = {
  /** Whether buyers may top up here. */
  offered: boolean;
  /** A hosted page taking `amountCents` for the buyer, which sends the payer back to `returnUrl` once done. */
  createTopUp(buyerId: string, amountCents: number, returnUrl: string): Promise<TopUp>;
  /** A delivery to the webhook, checked against its signature before a word of it is believed. */
  readWebhook(rawBody: string, signature: string | undefined): WebhookReading;
};

export const isRefusal = <T extends object>(answer: T): answer is Extract<T, { status: number }> => "status" in answer;

export const TOP_UP_NOT_OFFERED =
  "Top-ups are not offered here: no payment provider is configured. Pay by bank transfer; an operator records it.";
export const NO_PROVIDER = "No payment provider is configured here.";

/** No provider configured: top-ups are not offered, and the webhook has nothing to verify with. */
export const offlineProvider: PaymentProvider = {
  offered: false,
  createTopUp: async () => ({ status: 409, message: TOP_UP_NOT_OFFERED }),
  readWebhook: () => ({ status: 404, message: NO_PROVIDER }),
};
