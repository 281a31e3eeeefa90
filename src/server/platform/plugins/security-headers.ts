import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { VendorSources } from "./vendor-csp-sources.ts";

// The default policy for every answer that is not a page: nothing may load from it and nothing may
// frame it. Pages get their own script hashes from the static-site plugin.
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * `vendors`: the consent-certificate vendors' origins, only when one is configured (vendor-csp-sources.ts).
 * `styleNonce`: a page whose components write <style> elements (the console's, docs/decisions/0049-console-components.md)
 * may add those carrying this answer's nonce, and no others.
 */
export function pageCsp(
  scriptHashes: readonly string[],
  production: boolean,
  vendors?: VendorSources,
  styleNonce?: string,
): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`), ...(vendors?.script ?? [])].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${scripts}`,
    styleNonce ? `style-src 'self' 'nonce-${styleNonce}'` : "style-src 'self'",
    ["img-src 'self' data:", ...(vendors?.img ?? [])].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...(vendors?.connect ?? [])].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (production) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** An API answer may carry a person's data (a lead's names and address); no cache keeps one unless its route says so. */
const isApi = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

async function securityHeaders(app: FastifyInstance, opts: { hsts: boolean }) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", API_CSP);
    if (isApi(request.url) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (opts.hsts) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    return payload;
  });
}

export default fp(securityHeaders, { name: "security-headers" });
