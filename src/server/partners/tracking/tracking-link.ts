import { publicUrl } from "../../platform/security/link-token.ts";

/**
 * A publisher's tracking link as the publisher uses it: whole, on the site's public address (PUBLIC_BASE_URL), so
 * the console shows one to copy rather than a path to complete by hand (docs/product/partners.md#publishers).
 */
export function trackingLink(publicBaseUrl: string, publisherId: string): string {
  return publicUrl(publicBaseUrl, `/r/${encodeURIComponent(publisherId)}`);
}
