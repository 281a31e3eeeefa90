import type { LoggerOptions } from "pino";
import type { Config } from "./config.ts";
import { safeError } from "./http/safe-error.ts";

// Server field names that carry personal data. pino replaces them wherever they appear in a logged
// object (request bodies included), so a careless log line cannot leak them.
const PII_FIELDS = [
  "ssn",
  "socialSecurityNumber",
  "bank_account_number",
  "bankAccountNumber",
  "bankAccount",
  "bank_aba",
  "bankAba",
  "routingNumber",
  "drivers_license_number",
  "driversLicenseNumber",
  "licenseID",
  "dob",
  "email",
  "home_phone",
  "homePhone",
  "cell_phone",
  "cellPhone",
  "phone",
  "work_phone",
  "workPhone",
  "first_name",
  "firstName",
  "last_name",
  "lastName",
  "middleName",
  "address",
  "streetAddress",
] as const;

export function loggerOptions(config: Pick<Config, "logLevel" | "env">): LoggerOptions {
  const paths = PII_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);
  return {
    level: config.logLevel,
    redact: {
      paths: [...paths, "req.headers.cookie", 'res.headers["set-cookie"]', "req.headers.authorization"],
      censor: "[redacted]",
    },
    serializers: {
      err: safeError,
      // Log the path only (query strings may carry a zip or an e-mail), and never a routing number.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: (req.url.split("?")[0] ?? "").replace(/^\/api\/routing\/[^/]*/, "/api/routing/:aba"),
        id: req.id,
      }),
    },
  };
}
