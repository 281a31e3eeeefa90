import type { FastifyInstance, FastifyRequest } from "fastify";

// The pages the server writes itself (a deletion to confirm, an export to show, the operator's list) post
// plain HTML forms, which a browser sends as application/x-www-form-urlencoded. Fastify parses only JSON and
// text by default and answers anything else 415, so without this their buttons did nothing
// (docs/decisions/0021-privacy-requests.md). Our forms carry no fields: a button is the whole message.

/** The policy of such a page: it posts its own forms; nothing else may load or frame it. */
export const FORM_PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Small: a button's name and value at most. */
const FORM_BODY_LIMIT = 1024;

/**
 * Lets the routes of `app` (an encapsulated plugin) take form posts. Only there: the JSON API keeps
 * refusing form bodies, so a page on another site cannot reach it with a form that needs no preflight.
 */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/**
 * A form posted from another site rides on the browser's stored credentials (HTTP Basic) or on a link
 * token it learnt; only our own pages may post. A browser says where the post came from in Sec-Fetch-Site,
 * or, older ones, in Origin; a request with neither comes from no browser's page (a script, curl).
 */
export function fromOurPage(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const from = new URL(origin);
    // Through the origin's scheme, so "localhost:80" and "http://localhost" compare equal.
    return from.host === new URL(`${from.protocol}//${request.headers.host ?? ""}`).host;
  } catch {
    return false; // "null" (a sandboxed or privacy-sensitive context) or garbage: not our page
  }
}
