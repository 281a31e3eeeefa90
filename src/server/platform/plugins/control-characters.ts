import { pathsWithControlCharacters } from "#domain/control-characters.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

// Refuses any request whose body, query or route parameters carry control characters, before any route
// validates or stores it: a clear 400 naming the fields, instead of a database error (PostgreSQL refuses
// NUL in text) whose message would quote the rest of the lead.
async function controlCharacters(app: FastifyInstance) {
  app.addHook("preValidation", async (request, reply) => {
    const paths = [
      ...pathsWithControlCharacters(request.params),
      ...pathsWithControlCharacters(request.query),
      ...pathsWithControlCharacters(request.body),
    ];
    if (paths.length === 0) return;
    const errors = Object.fromEntries(paths.map((p) => [p, MESSAGES.controlCharacters]));
    return reply.code(400).send({ status: 400, message: "Please correct the highlighted fields.", errors });
  });
}

export default fp(controlCharacters, { name: "control-characters" });
