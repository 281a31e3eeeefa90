import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answerOf, failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { escapeHtml } from "../../platform/http/escape-html.ts";
import { acceptFormPosts, FORM_PAGE_CSP, fromOurPage } from "../../platform/http/form-posts.ts";
import { plainPage } from "../../platform/http/plain-page.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { erasePerson } from "./erase-person.ts";
import { completeRequest } from "../../compliance/privacy-request-store.ts";
import { exportPage } from "./export-page.ts";
import { personalDataExport } from "./personal-data-export.ts";
import { DELETE_PURPOSE, deletePath, EXPORT_PURPOSE, exportPath, requestIdFromLink } from "./privacy-links.ts";

type Deps = { config: Config; db: Db; tokenSecret: Buffer };

const params = z.object({ token: z.string().min(1).max(100) });
// The person's export: each application with its answers, consents, sale and what was shared (personal-data-export.ts).
const exportRows = z.array(z.record(z.string(), z.unknown()));
const exportAnswer = answerOf(
  z.object({
    email: z.string(),
    generated_at: z.string(),
    applications: exportRows,
    privacy_requests: exportRows,
    emails_sent: exportRows,
  }),
);
const GONE = "This link is not valid, or it has expired. You can send the request again from the privacy form.";
const ELSEWHERE =
  "This button works only on the page the link in our e-mail opens. Open the link again and press the button there.";

const exportJsonPath = (token: string) => `/api${exportPath(token)}`;

/** A form of one button posting to `action`: works without script, and a link scanner never presses it. */
const button = (action: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;

// The links of know and delete requests (docs/product/privacy-requests.md). Opening either link (GET, or the
// HEAD a mail scanner sends) only shows a page with a button; pressing it (a POST from that page) shows what
// is held for the request's e-mail and completes the request, or erases it. So a scanner that follows links
// in mail receives nothing and closes nothing. A link that is not ours, expired, or of a request already
// erased answers 404; a post from any page but ours answers 403.
export default async function privacyLinkRoutes(app: FastifyInstance, deps: Deps) {
  acceptFormPosts(app);
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
      .header("content-security-policy", FORM_PAGE_CSP)
      .type("text/html; charset=utf-8")
      .send(plainPage(title, body));
  const gone = (reply: FastifyReply) => page(reply, 404, "Link not valid", `<p>${escapeHtml(GONE)}</p>`);
  const notFromOurPage = (reply: FastifyReply) =>
    page(reply, 403, "Press the button on our page", `<p>${escapeHtml(ELSEWHERE)}</p>`);

  /** The request a press on our page carries out; undefined once the reply is sent (403 or 404). */
  const pressed = async (request: FastifyRequest, reply: FastifyReply, purpose: string, token: string) => {
    if (!fromOurPage(request)) {
      await notFromOurPage(reply);
      return undefined;
    }
    const found = await requestOf(purpose, token);
    if (!found) await gone(reply);
    return found;
  };

  typed.get("/privacy/export/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await requestOf(EXPORT_PURPOSE, request.params.token);
    if (!found) return gone(reply);
    return page(
      reply,
      200,
      "See your personal information",
      `<p>Request ${escapeHtml(found.id)}: press the button to see everything we hold for ${escapeHtml(found.email)}.</p>
${button(exportPath(request.params.token), "Show my personal information")}`,
    );
  });

  typed.post("/privacy/export/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await pressed(request, reply, EXPORT_PURPOSE, request.params.token);
    if (!found) return reply;
    const data = await personalDataExport(db, found.email);
    await completeRequest(db, found.id);
    return page(
      reply,
      200,
      "Your personal information",
      `${exportPage(data)}
${button(exportJsonPath(request.params.token), "Download it as JSON")}`,
    );
  });

  // The same export, machine-readable, pressed from the export page (or posted by a program of the person's).
  const exportSchema = { params, response: { 200: exportAnswer, 403: failureAnswer, 404: failureAnswer } };
  typed.post("/api/privacy/export/:token", { schema: exportSchema, config }, async (request, reply) => {
    if (!fromOurPage(request)) return reply.code(403).send({ status: 403, message: ELSEWHERE });
    const found = await requestOf(EXPORT_PURPOSE, request.params.token);
    if (!found) return reply.code(404).send({ status: 404, message: GONE });
    const data = await personalDataExport(db, found.email);
    await completeRequest(db, found.id);
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="personal-information-${found.id}.json"`)
      .send({ status: 200, message: "ok", data });
  });

  typed.get("/privacy/delete/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await requestOf(DELETE_PURPOSE, request.params.token);
    if (!found) return gone(reply);
    return page(
      reply,
      200,
      "Delete your personal information",
      `<p>Request ${escapeHtml(found.id)}: we will delete every application and request we hold for
${escapeHtml(found.email)}, and keep only what stops us from selling or mailing it again. This cannot be undone.</p>
${button(deletePath(request.params.token), "Delete my personal information")}`,
    );
  });

  typed.post("/privacy/delete/:token", { schema: { params }, config }, async (request, reply) => {
    const found = await pressed(request, reply, DELETE_PURPOSE, request.params.token);
    if (!found) return reply;
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
