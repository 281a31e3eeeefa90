import { isCredentialName, MASKED_SECRET, secretValues } from "../../../domain/buyers/buyer-secrets.ts";
import type { BuyerExchange, BuyerTestResult } from "../../../domain/contracts/console-buyers.ts";
import { postDocument } from "../../distribution/auction/auction.ts";
import type { Buyer, CallSpec } from "../../distribution/auction/buyer-config.ts";
import { callBuyer, requestHeaders, type CallOutcome } from "../../distribution/auction/buyer-http.ts";
import { PING_CLASSES, visibleTo, type LeadDocument } from "../../distribution/auction/lead-document.ts";
import { encodeRequest, mapFields } from "../../distribution/auction/mapping.ts";
import type { OutboundGuard } from "../../platform/net/outbound-guard.ts";
import { sampleFor } from "./sample-lead.ts";
import { fixedPriceFor } from "#domain/buyers/price-rules.ts";

// The console's test of a buyer (docs/product/lender-network.md#file-and-console): the sample test lead sent to its
// ping (if it has one) and its post, built and read exactly as an auction builds and reads them (the same
// mapping, encoding, headers and call), and both exchanges answered whole, credentials masked. Nothing is
// recorded in buyer_calls: a test is not a sale.

function masker(buyer: Buyer) {
  const secrets = secretValues(buyer).filter((s) => s.length >= 3);
  return (text: string) => secrets.reduce((out, s) => out.split(s).join(MASKED_SECRET), text);
}

async function exchange(
  outbound: OutboundGuard,
  buyer: Buyer,
  spec: CallSpec,
  doc: LeadDocument,
  mask: (text: string) => string,
): Promise<{ shown: BuyerExchange; outcome: CallOutcome }> {
  const request = encodeRequest(buyer, mapFields(spec.fields, doc));
  const outcome = await callBuyer(outbound, buyer, spec, request);
  const headers = Object.fromEntries(
    Object.entries(requestHeaders(spec, request.contentType)).map(([name, value]) => [
      name,
      isCredentialName(name) ? MASKED_SECRET : value,
    ]),
  );
  const read: BuyerExchange["answer"]["read"] = outcome.ok
    ? {
        ok: true,
        accepted: outcome.answer.accepted,
        ...(outcome.answer.price !== undefined ? { price: outcome.answer.price } : {}),
        ...(outcome.answer.id !== undefined ? { id: outcome.answer.id } : {}),
        ...(outcome.answer.reason !== undefined ? { reason: outcome.answer.reason } : {}),
        ...(outcome.answer.redirectUrl !== undefined ? { redirect_url: outcome.answer.redirectUrl } : {}),
      }
    : { ok: false, reason: outcome.reason };
  return {
    outcome,
    shown: {
      request: { method: "POST", url: spec.url, headers, body: mask(request.body) },
      answer: {
        status: outcome.httpStatus ?? null,
        headers: outcome.headers,
        body: mask(outcome.text),
        latency_ms: outcome.latencyMs,
        read,
      },
    },
  };
}

export async function testBuyer(outbound: OutboundGuard, buyer: Buyer): Promise<BuyerTestResult> {
  const mask = masker(buyer);
  const doc = sampleFor(buyer);
  const ping = buyer.ping ? await exchange(outbound, buyer, buyer.ping, visibleTo(doc, PING_CLASSES), mask) : undefined;
  // The post carries the ping's id and price, as the auction's does.
  const pinged = ping?.outcome.ok ? ping.outcome.answer : undefined;
  const fixed = buyer.pricing.kind === "fixed" ? fixedPriceFor(buyer.pricing, doc).price : undefined;
  const postDoc = {
    ...postDocument(buyer, doc),
    ping_id: pinged?.id ?? null,
    bid_price: fixed ?? pinged?.price ?? null,
  };
  const post = await exchange(outbound, buyer, buyer.post, postDoc, mask);
  return { ping: ping?.shown ?? null, post: post.shown };
}
