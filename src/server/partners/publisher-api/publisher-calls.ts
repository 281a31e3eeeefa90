import type { PostedLeadAnswer } from "#domain/contracts/publisher-api.ts";
import type { PingAnswer } from "#domain/contracts/publisher-ping.ts";
import { pingLead } from "./ping-routes.ts";
import { postLead, postRules, type PostLeadDeps } from "./post-lead-routes.ts";
import type { CallingPublisher } from "./publisher-api-scope.ts";

// The publisher API's post and ping as calls the rest of the server can make as a given publisher (the console's test
// of a body), by the same code as the routes: a refusal is thrown as the routes throw it (PublisherApiError).

declare module "fastify" {
  interface FastifyInstance {
    publisherCalls: PublisherCalls;
  }
}

export type PublisherCalls = {
  /** A direct post, or a post after a ping when the body has a ping_id. */
  post(caller: CallingPublisher, body: Record<string, unknown>): Promise<PostedLeadAnswer>;
  ping(caller: CallingPublisher, body: Record<string, unknown>): Promise<PingAnswer>;
};

export function publisherCalls(deps: PostLeadDeps): PublisherCalls {
  const rules = postRules(deps.config);
  return {
    post: (caller, body) =>
      postLead(deps, "ping_id" in body ? rules.afterPing : rules.direct, caller, { body, received: Date.now() }),
    ping: (caller, body) => pingLead(deps, caller, { body, received: Date.now() }),
  };
}
