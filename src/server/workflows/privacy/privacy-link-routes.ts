import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { escapeHtml } from "../../platform/http/escape-html.ts";
import { plainPage } from "../../platform/http/plain-page.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { erasePerson } from "./erase-person.ts";
import { completeRequest } from "../../compliance/privacy-request-store.ts";
import { exportPage } from "./export-page.ts";
import { personalDataExport } from "./personal-data-export.ts";
import { DELETE_PURPOSE, deletePath, EXPORT_PURPOSE, requestIdFromLink } from "./privacy-links.ts";

type Deps = { config: Config; db: Db; tokenSecret: Buffer };

const params = z.object({ token: z.string().min(1).max(100) });
const GONE = "This link is not valid, or it has expired. You can send the request again from the privacy form.";
// The confirmation page posts its own form; nothing else may load or frame it.
const FORM_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

// The links of know and delete requests (docs/product/privacy-requests.md): GET /privacy/export/:token (a
// page) and GET /api/privacy/export/:token (JSON) show what is held for the request's e-mail and complete
// the request; GET /privacy/delete/:token asks for confirmation (a mail scanner that opens links deletes
// nothing) and POST erases. A link that is not ours, expired, or of a request already erased answers 404.
export default async function privacyLinkRoutes(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: limitFor(deps.config, "forms") };
  const { db, tokenSecret } = deps;

  const requestOf = async (purpose: string, token: string) => {
    const id = requestIdFromLink(tokenSecret, purpose, token);
    if (!id) return undefined;
    const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
    return row?.email ? { ...row, email: row.email } : undefined;
  };
  const page = (reply: FastifyReply, code: number, title: string, body: string) =>
    reply
      .code(code)
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .type("text/html; charset=utf-8")
      .send(plainPage(title, body));
  const completeExport = (id: string) => completeRequest(db, id);

  typed.get("/api/privacy/export/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await requestOf(EXPORT_PURPOSE, request.params.token);
    if (!found) return reply.code(404).send({ status: 404, message: GONE });
    const data = await personalDataExport(db, found.email);
    await completeExport(found.id);
    return reply.header("cache-control", "no-store").send({ status: 200, message: "ok", data });
  });

  typed.get("/privacy/export/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await requestOf(EXPORT_PURPOSE, request.params.token);
    if (!found) return page(reply, 404, "Link not valid", `<p>${escapeHtml(GONE)}</p>`);
    const data = await personalDataExport(db, found.email);
    await completeExport(found.id);
    return page(
      reply,
      200,
      "Your personal information",
      exportPage(data, `/api/privacy/export/${request.params.token}`),
    );
  });

  typed.get("/privacy/delete/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await requestOf(DELETE_PURPOSE, request.params.token);
    if (!found) return page(reply, 404, "Link not valid", `<p>${escapeHtml(GONE)}</p>`);
    reply.header("content-security-policy", FORM_CSP);
    return page(
      reply,
      200,
      "Delete your personal information",
      `<p>Request ${escapeHtml(found.id)}: we will delete every application and request we hold for
${escapeHtml(found.email)}, and keep only what stops us from selling or mailing it again. This cannot be undone.</p>
<form method="post" action="${escapeHtml(deletePath(request.params.token))}"><button type="submit">Delete my personal information</button></form>`,
    );
  });

  typed.post("/privacy/delete/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await requestOf(DELETE_PURPOSE, request.params.token);
    if (!found) return page(reply, 404, "Link not valid", `<p>${escapeHtml(GONE)}</p>`);
    const report = await erasePerson(db, tokenSecret, { id: found.id, email: found.email, phone: found.phone });
    request.log.info({ reference: found.id, leads: report.leads }, "privacy request: personal data erased");
    return page(
      reply,
      200,
      "Your personal information is deleted",
      `<p>Request ${escapeHtml(found.id)} is complete: we deleted ${report.leads === 1 ? "1 application" : `${report.leads} applications`} and your requests' details. We keep a one-way code of your e-mail and phone so that we never sell or mail them again.</p>`,
    );
  });
}
