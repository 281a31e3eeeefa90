import Stripe from "stripe";
import type { PaymentsConfig } from "../../platform/config/payments-config.ts";
import type { PaymentProvider, WebhookReading } from "./payment-provider.ts";

// Stripe Checkout as the payment provider (docs/product/buyer-money.md#payments): a top-up is a Checkout Session in
// payment mode naming the buyer in its metadata; the payment is recorded when Stripe's signed webhook says the session
// is paid, keyed by the session's id, so its completion and its late confirmation (a bank debit) record it once.

/** Stripe answers in well under a second; a top-up waits this long at most, retries included. */
const STRIPE_TIMEOUT_MS = 20_000;

export const BAD_SIGNATURE = "The Stripe-Signature header does not vouch for this body.";
export const PROVIDER_FAILED = "The payment provider did not answer. Try again in a minute.";

/** The events that say a session is paid: at once (a card), or later (a bank debit). */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

export function stripeProvider(
  settings: NonNullable<PaymentsConfig["stripe"]>,
  fetch: typeof globalThis.fetch,
  warn: (detail: Record<string, unknown>) => void,
): PaymentProvider {
  const api = new URL(settings.apiUrl);
  const https = api.protocol === "https:";
  const stripe = new Stripe(settings.secretKey, {
    // Every call through the outbound guard (docs/decisions/0040-outbound-guard.md), to STRIPE_API_URL's origin.
    httpClient: Stripe.createFetchHttpClient(fetch),
    host: api.hostname,
    port: api.port || (https ? 443 : 80),
    protocol: https ? "https" : "http",
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
  });

  return {
    offered: true,

    async createTopUp(buyerId, amountCents, returnUrl) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: amountCents,
                product_data: { name: "Loanpath balance top-up" },
              },
            },
          ],
          client_reference_id: buyerId,
          metadata: { buyer_id: buyerId },
          payment_intent_data: { metadata: { buyer_id: buyerId } },
          success_url: returnUrl,
          cancel_url: returnUrl,
        });
        if (session.url) return { url: session.url };
        warn({ stripe: "checkout session without a url", session: session.id });
      } catch (error) {
        // Its type and code only: a Stripe error's message may quote the request.
        const e = error as { type?: unknown; code?: unknown; statusCode?: unknown };
        warn({ stripe: "checkout session not created", type: e.type, code: e.code, statusCode: e.statusCode });
      }
      return { status: 502, message: PROVIDER_FAILED };
    },

    readWebhook(rawBody, signature): WebhookReading {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
      } catch {
        return { status: 400, message: BAD_SIGNATURE };
      }
      if (!PAID_EVENTS.has(event.type)) return { ignored: event.type };
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status !== "paid") return { ignored: `${event.type}, ${session.payment_status}` };
      const buyerId = session.metadata?.buyer_id;
      // Sessions this server made name the buyer and take dollars; any other on the account is not a top-up.
      if (!buyerId || session.mode !== "payment" || session.currency !== "usd" || !session.amount_total)
        return { ignored: `${event.type}, not a top-up` };
      return {
        payment: { buyerId, amountCents: session.amount_total, externalId: session.id, reference: session.id },
      };
    },
  };
}
