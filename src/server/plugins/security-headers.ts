import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

// The default policy for every answer that is not a page: nothing may load from it and nothing may
// frame it. Pages get their own script hashes from the static-site plugin.
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function pageCsp(scriptHashes: readonly string[], production: boolean): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (production) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

async function securityHeaders(app: FastifyInstance, opts: { hsts: boolean }) {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", API_CSP);
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
