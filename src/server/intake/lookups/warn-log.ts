/** The one logger method the lookup adapters use; Fastify's `app.log` fits, and tests pass a recorder. */
export type WarnLog = { warn(details: Record<string, unknown>, message: string): void };

/** For the directory sources, which also say once which directory they loaded (its date, its size). */
export type InfoWarnLog = WarnLog & { info(details: Record<string, unknown>, message: string): void };
