import { PERSONAL_FIELD_NAMES } from "#domain/fields/field-names.ts";
import type { LoggerOptions } from "pino";
import type { Config } from "../config/config.ts";
import { safeError } from "../http/safe-error.ts";

// In development the lines go through pino-pretty (a devDependency, in a worker thread) so a person can read
// them; redaction and the serializers run before it, so the pretty lines carry no personal data either.
// Production and test keep one JSON object a line (config.ts allows LOG_PRETTY only in development).
const PRETTY: LoggerOptions["transport"] = {
  target: "pino-pretty",
  // One line a record: a decided auction reads as one line, not one per field.
  options: { colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true },
};

export function loggerOptions(config: Pick<Config, "logLevel" | "env"> & { logPretty?: boolean }): LoggerOptions {
  // Every name of every personal field of the registry (src/domain/fields/lead-fields.ts), replaced
  // wherever it appears in a logged object (request bodies included), so a careless log line cannot leak it.
  const paths = PERSONAL_FIELD_NAMES.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);
  return {
    ...(config.logPretty && config.env === "development" ? { transport: PRETTY } : {}),
    level: config.logLevel,
    redact: {
      paths: [...paths, "req.headers.cookie", 'res.headers["set-cookie"]', "req.headers.authorization"],
      censor: "[redacted]",
    },
    serializers: {
      err: safeError,
      // Log the path only (query strings may carry a zip or an e-mail), never a routing number, and never
      // the token of a link that opens a person's data (a privacy export, a deletion, a consent certificate).
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: (req.url.split("?")[0] ?? "")
          .replace(/^\/api\/routing\/[^/]*/, "/api/routing/:aba")
          .replace(/^(\/api)?\/(privacy\/(?:export|delete)|consent\/certificate)\/[^/]+/, "$1/$2/:token"),
        id: req.id,
      }),
    },
  };
}
