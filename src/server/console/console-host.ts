import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../platform/config/config.ts";

// Where the console answers (docs/decisions/0034-operator-console.md#host). With CONSOLE_HOST, the console
// is its own origin: its paths answer only there, and that host serves nothing of the consumer site but the
// built scripts the console itself loads, so no script of a consumer page ever runs in the console's origin.
// Without it, development and test serve the console on the site's host; production does not serve it.

const CONSOLE_PATH = /^\/(api\/)?console(\/|\?|$)/;
/** What the console's own page loads from its host: the build's scripts and styles, and the favicon. */
const CONSOLE_ASSET = /^\/(assets\/|favicon\.|__spa-fallback\.html)/;

const isConsolePath = (url: string) => CONSOLE_PATH.test(url);
/** The console's own pages (not its API): a path, without its query. */
export const CONSOLE_PAGES = /^\/console(\/|$)/;
const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

export function consoleIsServed(config: Config): boolean {
  return config.console.host !== undefined || config.env !== "production";
}

export function registerConsoleHost(app: FastifyInstance, config: Config) {
  const host = config.console.host;
  const notFound = { status: 404, message: "Not found" };
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const consolePath = isConsolePath(request.url);
    if (host === undefined) {
      if (consolePath && !consoleIsServed(config)) return reply.code(404).send(notFound);
      return;
    }
    const onConsoleHost = request.hostname.toLowerCase() === host;
    if (consolePath && !onConsoleHost) return reply.code(404).send(notFound);
    if (!consolePath && onConsoleHost && !CONSOLE_ASSET.test(request.url)) {
      // A page is sent on to the console; an API call is no page, and a redirect to HTML would only mislead it.
      const page = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
      if (page) return reply.redirect("/console", 302);
      return reply.code(404).send(notFound);
    }
  });
  // Nothing of the console stays in a browser's cache, its page no more than its API (no-cache would still store
  // it): on a shared computer, after sign-out, Back brings no console screen out of a cache.
  app.addHook("onSend", async (request, reply, payload) => {
    if (isConsolePath(request.url)) reply.header("cache-control", "no-store");
    return payload;
  });
}
