import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

type Audience = { tag: string; prefix: string; description: string; security?: Record<string, string[]>[] };

// Grouped by URL prefix, so a route lands in its group by where it is mounted, not by each route remembering
// a tag; the consumer API is everything else under /api/.
const audiences: Audience[] = [
  {
    tag: "buyer",
    prefix: "/api/buyer/",
    description: "Lead buyers: returns and the status of a lead bought (docs/guides/buyer-integration.md).",
    security: [{ buyerApiKey: [] }],
  },
  {
    tag: "publisher",
    prefix: "/api/publisher/",
    description: "Publishers: their traffic's stats and ledger receipts.",
    // A program calls with its key; the publisher's own pages, signed in like an operator, with the cookie.
    security: [{ publisherApiKey: [] }, { consoleSession: [] }],
  },
  {
    tag: "payments",
    prefix: "/api/payments/",
    description: "The payment provider's calls: Stripe's webhook, signed with the endpoint's secret.",
    security: [{ stripeSignature: [] }],
  },
  {
    tag: "console",
    prefix: "/api/console/",
    description: "The operator console, signed in.",
    security: [{ consoleSession: [] }],
  },
];
const consumer = { tag: "consumer", description: "The API the site's pages use in the visitor's browser." };

const audienceOf = (url: string) => audiences.find((audience) => url.startsWith(audience.prefix));

// The partners' contract, raised when a field they send or read changes; not the package's version.
const API_VERSION = "1.0.0";

/**
 * Collects every route registered after it into an OpenAPI 3.1 document built from the routes' zod schemas,
 * served as JSON only: a browsable page would need outside scripts the site's CSP refuses.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { consoleCookie: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Loanpath API",
        version: API_VERSION,
        description:
          "The consumer API the site's pages call, the buyer API (returns, a bought lead's status), the publisher API, the payment provider's webhook and the operator console's API. Every answer is `{ status, message, data? }`; a refused input adds `errors`, a message per field.",
      },
      servers: [{ url: "/", description: "This site" }],
      tags: [
        { name: consumer.tag, description: consumer.description },
        ...audiences.map(({ tag, description }) => ({ name: tag, description })),
      ],
      components: {
        securitySchemes: {
          buyerApiKey: {
            type: "http",
            scheme: "bearer",
            description: "A buyer's API key (`lpb_…`), issued in the console: `Authorization: Bearer <api key>`.",
          },
          publisherApiKey: {
            type: "http",
            scheme: "bearer",
            description: "A publisher's API key (`lpp_…`), issued in the console: `Authorization: Bearer <api key>`.",
          },
          stripeSignature: {
            type: "apiKey",
            in: "header",
            name: "Stripe-Signature",
            description: "Stripe's signature of the event's body with the webhook endpoint's signing secret.",
          },
          consoleSession: {
            type: "apiKey",
            in: "cookie",
            name: opts.consoleCookie,
            description: "The session cookie set by signing in to the console.",
          },
        },
      },
    },
    transform: (document) => {
      // Outside /api/ are pages (the web app, the certificate and privacy-link pages), not the API.
      if (!document.url.startsWith("/api/")) return { url: document.url, schema: { hide: true } };
      const transformed = jsonSchemaTransform(document);
      if (transformed.schema?.hide) return transformed;
      const audience = audienceOf(document.url);
      const schema = { ...transformed.schema, tags: [audience?.tag ?? consumer.tag] };
      return { ...transformed, schema: audience?.security ? { ...schema, security: audience.security } : schema };
    },
    transformObject: jsonSchemaTransformObject,
  });

  for (const url of ["/api/docs", "/api/docs/openapi.json"]) {
    app.get(url, { schema: { hide: true } }, async () => app.swagger());
  }
}
