import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { Billing } from "#domain/buyers/billing.ts";

// For the payments tests: a buyer's configuration with its billing, a local fake of Stripe's API (the one call a
// top-up makes), and webhook deliveries signed as Stripe signs them.

export const TEST_STRIPE_KEY = "sk_test_loanpath_fake";
export const TEST_WEBHOOK_SECRET = "whsec_loanpath_fake";

export const billedBuyer = (id: string, billing: Partial<Billing>) => ({
  id,
  name: `Buyer ${id}`,
  kind: "lead_buyer",
  mode: "direct_post",
  protocol: "json",
  post: { url: "https://buyer.example/post", fields: [], answer: { success: { path: "ok", equals: [true] } } },
  pricing: { kind: "bid" },
  billing,
});

export type FakeStripe = {
  url: string;
  /** Each request as it came: method, path, headers and the form-encoded body, decoded. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams }[];
  close: () => Promise<void>;
};

/** Answers POST /v1/checkout/sessions as Stripe does, with a session and its hosted page's address; 404 otherwise. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe["requests"] = [];
  let made = 0;
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, form });
      response.setHeader("content-type", "application/json");
      if (request.method !== "POST" || request.url !== "/v1/checkout/sessions") {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
        return;
      }
      made += 1;
      const id = `cs_test_fake${made}`;
      response.end(
        JSON.stringify({
          id,
          object: "checkout.session",
          mode: form.get("mode"),
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          metadata: { buyer_id: form.get("metadata[buyer_id]") },
          payment_status: "unpaid",
          url: `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Checkout Session event as Stripe sends it, with its body and a Stripe-Signature made with `secret`. */
export function signedSessionEvent(
  session: { id: string; buyerId?: string; amountCents: number; paymentStatus?: string },
  { type = "checkout.session.completed", secret = TEST_WEBHOOK_SECRET } = {},
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: `evt_${session.id}_${type}`,
    object: "event",
    type,
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        mode: "payment",
        payment_status: session.paymentStatus ?? "paid",
        currency: "usd",
        amount_total: session.amountCents,
        metadata: session.buyerId === undefined ? {} : { buyer_id: session.buyerId },
      },
    },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
