import { timingSafeEqual } from "node:crypto";
import { asc, ne } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { escapeHtml } from "../../platform/http/escape-html.ts";
import { acceptFormPosts, FORM_PAGE_CSP, fromOurPage } from "../../platform/http/form-posts.ts";
import { plainPage } from "../../platform/http/plain-page.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { SIGN_IN_THROTTLED_MESSAGE, SignInThrottle } from "../../platform/security/sign-in-throttle.ts";
import { completeRequest } from "../../compliance/privacy-request-store.ts";

type Deps = { config: Config; db: Db; password: string; now?: () => Date };

const DAY_MS = 86_400_000;
const OPERATOR = "operator";

/** HTTP Basic credentials compared in constant time; the user name is always "operator". */
function holdsPassword(request: FastifyRequest, password: string): boolean {
  const header = request.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return false;
  const given = Buffer.from(Buffer.from(header.slice(6), "base64").toString("utf8"));
  const expected = Buffer.from(`${OPERATOR}:${password}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const askToSignIn = (reply: FastifyReply) =>
  reply
    .code(401)
    .header("www-authenticate", 'Basic realm="Loanpath operator", charset="UTF-8"')
    .send({ status: 401, message: "Sign in as the operator." });

// The operator's view of privacy requests (docs/product/privacy-requests.md#operator): every request not yet
// completed, soonest due first, overdue ones marked; a correction is marked done here once made. Exists only
// with OPERATOR_PASSWORD; behind HTTP Basic authentication.
export default async function operatorRoutes(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  acceptFormPosts(app);
  const now = deps.now ?? (() => new Date());
  const throttle = new SignInThrottle({ name: "operator sign-in" });
  // Every request carries the credentials (HTTP Basic), so every one is a sign-in to the throttle. Checked
  // after the rate limit (an onRequest hook of each route), so that counts every request, signed in or not.
  app.addHook("preValidation", async (request, reply) => {
    // A browser asks first without credentials and is asked for them: no guess, nothing to count.
    if (request.headers.authorization === undefined) return askToSignIn(reply);
    const verdict = await throttle.attempt(request.ip, request.log);
    if (!verdict.allowed) {
      return reply
        .code(429)
        .header("retry-after", String(verdict.retryAfterSeconds))
        .send({ status: 429, message: SIGN_IN_THROTTLED_MESSAGE, retryAfterSeconds: verdict.retryAfterSeconds });
    }
    if (holdsPassword(request, deps.password)) return throttle.succeeded(verdict);
    throttle.failed(verdict, request.log);
    return askToSignIn(reply);
  });
  // The operator's own count, so a flood of public form posts never locks the operator out, nor the reverse.
  const config = { rateLimit: limitFor(deps.config, "admin") };

  const openRequests = async () => {
    const rows = await deps.db
      .select()
      .from(privacyRequests)
      .where(ne(privacyRequests.status, "completed"))
      .orderBy(asc(privacyRequests.dueAt));
    const at = now().getTime();
    return rows.map((r) => ({
      reference: r.id,
      type: r.requestType,
      status: r.status,
      email: r.email,
      phone: r.phone,
      details: r.payload as Record<string, string>,
      received_at: r.createdAt.toISOString(),
      due_at: r.dueAt?.toISOString() ?? null,
      // Whole days past due; a request due an hour ago is already 1 day late.
      days_overdue: r.dueAt && r.dueAt.getTime() < at ? Math.max(1, Math.floor((at - r.dueAt.getTime()) / DAY_MS)) : 0,
    }));
  };

  typed.get("/api/admin/privacy-requests", { config }, async (_request, reply) => {
    const open = await openRequests();
    return reply.header("cache-control", "no-store").send({
      status: 200,
      message: "ok",
      data: { overdue: open.filter((r) => r.days_overdue > 0).length, open },
    });
  });

  typed.get("/admin/privacy-requests", { config }, async (_request, reply) => {
    const open = await openRequests();
    const overdue = open.filter((r) => r.days_overdue > 0).length;
    const rows = open
      .map(
        (r) => `<tr>
<td>${escapeHtml(r.reference)}</td><td>${escapeHtml(r.type ?? "")}</td><td>${escapeHtml(r.status)}</td>
<td>${escapeHtml(r.email ?? "")}<br>${escapeHtml(r.phone ?? "")}</td>
<td>${escapeHtml(
          Object.entries(r.details)
            .map(([k, v]) => `${k}: ${v}`)
            .join("; "),
        )}</td>
<td>${escapeHtml(r.received_at.slice(0, 10))}</td><td>${escapeHtml(r.due_at?.slice(0, 10) ?? "")}</td>
<td>${r.days_overdue > 0 ? `<strong>Overdue by ${r.days_overdue} day${r.days_overdue === 1 ? "" : "s"}</strong>` : "on time"}</td>
<td><form method="post" action="/admin/privacy-requests/${escapeHtml(r.reference)}/complete"><button type="submit">Mark done</button></form></td>
</tr>`,
      )
      .join("\n");
    return reply
      .header("cache-control", "no-store")
      .header("content-security-policy", FORM_PAGE_CSP)
      .type("text/html; charset=utf-8")
      .send(
        plainPage(
          "Privacy requests",
          `<p>${open.length} open, ${overdue} overdue. Opt-outs are carried out when they arrive; know and delete
requests complete when the person opens the link we mailed; a correction is marked done here once made.</p>
<table><thead><tr><th scope="col">Reference</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Contact</th>
<th scope="col">Details</th><th scope="col">Received</th><th scope="col">Due</th><th scope="col">Deadline</th><th scope="col">Action</th></tr></thead>
<tbody>${rows}</tbody></table>`,
        ),
      );
  });

  const idParams = z.object({ id: z.string().regex(/^PR-[0-9A-Z]{10}$/) });
  typed.post(
    "/admin/privacy-requests/:id/complete",
    { schema: { params: idParams }, config },
    async (request, reply) => {
      if (!fromOurPage(request))
        return reply.code(403).send({ status: 403, message: "Post this from the operator page." });
      if (!(await completeRequest(deps.db, request.params.id, now())))
        return reply.code(404).send({ status: 404, message: "No open request with that reference." });
      return redirectBack(reply);
    },
  );
}

const redirectBack = (reply: FastifyReply) => reply.code(303).header("location", "/admin/privacy-requests").send();
