import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { registerOpenApi } from "./openapi.ts";

type Operation = { tags?: string[]; security?: unknown[]; responses?: Record<string, { content?: unknown }> };
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

// /api routes left out of the document on purpose, and why.
const HIDDEN = new Map([
  ["GET /api/health", "the liveness check of the process's supervisor, not for partners"],
  ["GET /api/ready", "the load balancer's readiness check, not for partners"],
  ["GET /api/docs", "the document itself"],
  ["GET /api/docs/openapi.json", "the document itself"],
  ...["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY", "TRACE"].map(
    (method) => [`${method} /api/*`, "the catch-all that answers unknown API paths with a JSON 404"] as const,
  ),
  ...["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY", "TRACE"].map(
    (method) =>
      [`${method} /api/publisher/v1/*`, "the publisher API's catch-all: not_found, behind its key check"] as const,
  ),
]);

/** The operation documented for "METHOD /fastify/:path", if any. */
function operationOf(document: OpenApiDocument, route: string): Operation | undefined {
  const [method = "", path = ""] = route.split(" ");
  return document.paths[openApiPath(path)]?.[method.toLowerCase()];
}

// Fastify writes /:id where OpenAPI writes /{id}, and a wildcard * as {*}.
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}").replace(/\*$/, "{*}");

describe("the OpenAPI document at /api/docs", () => {
  let t: TestApp;
  let document: OpenApiDocument;
  // Every route as "METHOD /path", seen by Fastify as it was registered, not taken from the document.
  const registered: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
        },
      },
    );
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    document = res.json();
  });
  afterAll(async () => t.app.close());

  it("is a valid OpenAPI 3.1 document, also at /api/docs/openapi.json", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    const again = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    expect(again.json()).toEqual(document);
  });

  it("has every /api route the app registered, with the answer it gives on success, but those hidden on purpose", () => {
    // HEAD is Fastify's own copy of each GET.
    const apiRoutes = registered.filter((r) => r.includes(" /api/") && !r.startsWith("HEAD "));
    expect(apiRoutes.length).toBeGreaterThan(40);
    const undocumented: string[] = [];
    for (const route of apiRoutes.filter((r) => !HIDDEN.has(r))) {
      const operation = operationOf(document, route);
      const success = Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith("2"));
      if (!success?.[1].content) undocumented.push(route);
    }
    expect(undocumented).toEqual([]);
    // And nothing in the list is stale: each hidden route exists and is absent from the document.
    for (const hidden of HIDDEN.keys()) {
      expect(apiRoutes).toContain(hidden);
      expect(operationOf(document, hidden)).toBeUndefined();
    }
  });

  it("lists no page outside /api/ (the web app, the certificate and privacy-link pages, /metrics)", () => {
    expect(registered).toContain("GET /metrics");
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
  });

  it("describes the publisher's direct post: every field it takes, the consent it requires, and its answers", () => {
    const post = operationOf(document, "POST /api/publisher/v1/leads") as unknown as {
      requestBody?: { content: Record<string, { schema: { properties?: object; required?: string[] } }> };
      responses: Record<string, unknown>;
    };
    const body = post.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(["loan_amount", "ssn", "sub1", "click_id", "consent_text", "consent_at", "timeout_ms"]),
    );
    expect(body?.required).toEqual(expect.arrayContaining(["email", "ssn", "consent_at", "consent_ip"]));
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "202", "400", "401", "422"]));
  });

  it("puts the console's routes under the console tag with its session cookie, the browser's under consumer", () => {
    const buyers = operationOf(document, "GET /api/console/buyers");
    expect(buyers?.tags).toEqual(["console"]);
    expect(buyers?.security).toEqual([{ consoleSession: [] }]);
    const step = operationOf(document, "PUT /api/personal_loan/lead/v2/:id/step");
    expect(step?.tags).toEqual(["consumer"]);
    expect(step).not.toHaveProperty("security");
  });

  it("puts Stripe's webhook under payments, with its signature header", () => {
    const webhook = operationOf(document, "POST /api/payments/stripe/webhook");
    expect(webhook?.tags).toEqual(["payments"]);
    expect(webhook?.security).toEqual([{ stripeSignature: [] }]);
  });
});

describe("grouping by URL prefix", () => {
  it("files a route under /api/buyer/ as buyer with the bearer key, /api/publisher/ as publisher with its key or the cookie", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, { consoleCookie: "lp_console" });
    const answer = { response: { 200: z.object({ status: z.number(), message: z.string() }) } };
    app.post("/api/buyer/returns", { schema: { body: z.object({ lead_id: z.string() }), ...answer } }, () => ({
      status: 201,
      message: "ok",
    }));
    app.get("/api/publisher/stats", { schema: answer }, () => ({ status: 200, message: "ok" }));
    await app.ready();
    const document = (await app.inject({ method: "GET", url: "/api/docs" })).json<OpenApiDocument>();
    expect(operationOf(document, "POST /api/buyer/returns")?.tags).toEqual(["buyer"]);
    expect(operationOf(document, "POST /api/buyer/returns")?.security).toEqual([{ buyerApiKey: [] }]);
    expect(operationOf(document, "GET /api/publisher/stats")?.tags).toEqual(["publisher"]);
    expect(operationOf(document, "GET /api/publisher/stats")?.security).toEqual([
      { publisherApiKey: [] },
      { consoleSession: [] },
    ]);
    expect((await new Validator().validate(document)).valid).toBe(true);
    await app.close();
  });
});
