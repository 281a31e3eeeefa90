import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

// Fastify writes two info lines per request (incoming, completed); in development's pretty log that was
// about 13 lines a request, and what an auction decided drowned in them. Requests are a debug matter: one
// line each (method, path, status, time) at debug. A request that failed still logs at error (Fastify's
// own `request errored`, and the API's `unhandled error`), and every other line Fastify writes is kept.
export class RequestLogsAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, "route not found");
  }
}
