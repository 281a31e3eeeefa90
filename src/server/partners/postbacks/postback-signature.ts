import { createHmac } from "node:crypto";

// The signature a publisher checks (docs/product/partners.md#postbacks): HMAC-SHA256 of "{timestamp}.{url}" with
// its postback secret, in hex, after "v1=" so another scheme can follow without breaking the first.

export const TIMESTAMP_HEADER = "X-Loanpath-Timestamp";
export const SIGNATURE_HEADER = "X-Loanpath-Signature";

export function postbackSignature(secret: string, timestamp: number, url: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${url}`).digest("hex")}`;
}
