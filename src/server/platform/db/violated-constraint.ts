/** The unique index a write broke (PostgreSQL's 23505), through drizzle's wrapping; undefined for any other error. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const fields = e as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === "23505") return typeof fields.constraint === "string" ? fields.constraint : undefined;
  }
  return undefined;
}
