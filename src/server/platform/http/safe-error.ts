// What the logs may keep of an error. A message can quote the input that caused it (a database error
// lists the query's parameters: names, e-mail, ciphertexts; a JSON error quotes the body), and pino's
// redaction only knows field names, so no message is logged: the type, the codes and where it happened
// are enough to find the fault.
export type SafeError = { type: string; code?: string; statusCode?: number; stack?: string; cause?: SafeError };

const MAX_CAUSE_DEPTH = 3;

export function safeError(value: unknown, depth = 0): SafeError {
  if (!(value instanceof Error)) return { type: typeof value };
  const e = value as Error & { code?: unknown; statusCode?: unknown };
  const frames = (e.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at\s/.test(line))
    .map((line) => line.trim())
    .slice(0, 12);
  const safe: SafeError = { type: e.name || e.constructor?.name || "Error" };
  if (typeof e.code === "string" || typeof e.code === "number") safe.code = String(e.code);
  if (typeof e.statusCode === "number") safe.statusCode = e.statusCode;
  if (frames.length) safe.stack = frames.join("\n");
  if (e.cause !== undefined && depth < MAX_CAUSE_DEPTH) safe.cause = safeError(e.cause, depth + 1);
  return safe;
}
