import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isClientRoute } from "#domain/client-routes.ts";
import type { VendorSources } from "../plugins/vendor-csp-sources.ts";
import { pageCsp } from "../plugins/security-headers.ts";
import { loadSite, resolveSiteFile, type SiteFile } from "./load-site.ts";

// Serves the built React app: hashed assets with long-lived caching, prerendered pages where a route
// has one, and the SPA shell for every other client route (with 404 for a path that is none). Compressed when the browser accepts it.
export default async function webAssets(
  app: FastifyInstance,
  opts: {
    root: string;
    production: boolean;
    vendors?: VendorSources | undefined;
    /**
     * Pages whose app writes <style> elements at run time (the console's components): each answer carries a fresh
     * nonce in its CSP and in a `csp-nonce` meta tag the app reads, so those elements apply and no injected one does.
     */
    styleNoncePages?: RegExp | undefined;
  },
) {
  const site = await loadSite(opts.root);
  if (!site) app.log.warn({ root: opts.root }, "web build not found: run `npm run build`; serving the API only");

  // The shell with this answer's nonce: built per answer (a few kilobytes), never cached, never compressed ahead.
  const sendWithStyleNonce = (reply: FastifyReply, file: SiteFile) => {
    const nonce = randomBytes(18).toString("base64");
    const meta = `<meta name="csp-nonce" content="${nonce}">`;
    const shell = file.body.toString("utf8");
    const head = /<head[^>]*>/i.exec(shell);
    const html = head ? shell.replace(head[0], `${head[0]}${meta}`) : `${meta}${shell}`;
    reply.header("content-type", file.contentType);
    reply.header("cache-control", "no-store");
    reply.header("content-security-policy", pageCsp(file.scriptHashes, opts.production, opts.vendors, nonce));
    return reply.send(html);
  };

  const send = (request: FastifyRequest, reply: FastifyReply, file: SiteFile) => {
    reply.header("content-type", file.contentType);
    reply.header("etag", file.etag);
    reply.header("vary", "accept-encoding");
    reply.header("cache-control", file.immutable ? "public, max-age=31536000, immutable" : "no-cache");
    if (file.contentType.startsWith("text/html"))
      reply.header("content-security-policy", pageCsp(file.scriptHashes, opts.production, opts.vendors));
    if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (file.br && /\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(file.br);
    if (file.gzip && /\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(file.gzip);
    return reply.send(file.body);
  };

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      if (!site) {
        return reply.code(503).type("text/plain").send("The web app is not built. Run `npm run build`, then restart.");
      }
      let urlPath: string;
      try {
        urlPath = decodeURIComponent((request.url.split("?")[0] ?? "/").replace(/\/{2,}/g, "/"));
      } catch {
        return reply.code(400).type("text/plain").send("Bad request path");
      }
      const found = resolveSiteFile(site, urlPath);
      if (!found) return reply.code(404).type("text/plain").send("Not found");
      // The shell for a path the app does not know: the app shows its not-found page, the status says so.
      if (found.file === site.spaFallback && !isClientRoute(urlPath)) reply.code(404);
      if (found.file === site.spaFallback && opts.styleNoncePages?.test(urlPath))
        return sendWithStyleNonce(reply, found.file);
      return send(request, reply, found.file);
    },
  });
}
