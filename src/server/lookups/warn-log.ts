/** The one logger method the lookup adapters use; Fastify's `app.log` fits, and tests pass a recorder. */
export type WarnLog = { warn(details: Record<string, unknown>, message: string): void };
