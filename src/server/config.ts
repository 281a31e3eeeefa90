import path from "node:path";
import { z } from "zod";

// Every setting the server reads, validated once at start. A bad value stops the process with a
// message naming the variable, instead of failing later in some request.
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const perMinute = (fallback: number) =>
  z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

// Unset and empty both mean "not configured", so `FOO=` in an env file switches a service off.
const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      return ["http:", "https:"].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, "must be an http:// or https:// URL");

const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "must be development, production or test" })
    .default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_BUILD_DIR: z.string().min(1).default("./build/client"),
  RATE_LIMIT_LEADS_PER_MINUTE: perMinute(20),
  RATE_LIMIT_STEPS_PER_MINUTE: perMinute(300),
  RATE_LIMIT_LOOKUPS_PER_MINUTE: perMinute(120),
  RATE_LIMIT_FORMS_PER_MINUTE: perMinute(10),
  PII_ENCRYPTION_KEYS: z.string().optional(),
  PII_ENCRYPTION_KEY_ID: z.string().optional(),
  TOKEN_SECRET: z.string().optional(),
  RESUME_TOKEN_TTL_HOURS: z.coerce.number({ message: "must be a number" }).positive("must be positive").default(72),
  ADDRESS_SUGGEST_URL: httpUrl.default("https://api.geoapify.com/v1/geocode/autocomplete"),
  ADDRESS_SUGGEST_API_KEY: optionalSetting,
  ROUTING_FEDACH_FILE: optionalSetting,
  ROUTING_LOOKUP_URL: optionalSetting.pipe(httpUrl.optional()),
  ROUTING_LOOKUP_API_KEY: optionalSetting,
  LOOKUP_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(100, "must be between 100 and 30000")
    .max(30_000, "must be between 100 and 30000")
    .default(1500),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustProxy: boolean;
  webBuildDir: string;
  /** Requests per minute per IP, by kind of endpoint. */
  rateLimits: { leads: number; steps: number; lookups: number; forms: number };
  /** Keyring "id:base64key,..." for the sensitive columns; generated into DATA_DIR outside production. */
  piiEncryptionKeys: string | undefined;
  piiEncryptionKeyId: string | undefined;
  /** Signs resume tokens; generated into DATA_DIR outside production. */
  tokenSecret: string | undefined;
  resumeTokenTtlHours: number;
  /** Outside lookup services; each is optional and has an offline default (decisions.md section 2). */
  lookups: {
    /** Geoapify Address Autocomplete endpoint; used only when the key is set. */
    addressSuggestUrl: string;
    addressSuggestApiKey: string | undefined;
    /** Absolute path of a FedACH directory file, if one is provided. */
    routingFedAchFile: string | undefined;
    routingLookupUrl: string | undefined;
    routingLookupApiKey: string | undefined;
    /** How long to wait for any outside lookup before answering from the fallback. */
    timeoutMs: number;
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR),
    rateLimits: {
      leads: e.RATE_LIMIT_LEADS_PER_MINUTE,
      steps: e.RATE_LIMIT_STEPS_PER_MINUTE,
      lookups: e.RATE_LIMIT_LOOKUPS_PER_MINUTE,
      forms: e.RATE_LIMIT_FORMS_PER_MINUTE,
    },
    piiEncryptionKeys: e.PII_ENCRYPTION_KEYS || undefined,
    piiEncryptionKeyId: e.PII_ENCRYPTION_KEY_ID || undefined,
    tokenSecret: e.TOKEN_SECRET || undefined,
    resumeTokenTtlHours: e.RESUME_TOKEN_TTL_HOURS,
    lookups: {
      addressSuggestUrl: e.ADDRESS_SUGGEST_URL,
      addressSuggestApiKey: e.ADDRESS_SUGGEST_API_KEY,
      routingFedAchFile: e.ROUTING_FEDACH_FILE === undefined ? undefined : path.resolve(e.ROUTING_FEDACH_FILE),
      routingLookupUrl: e.ROUTING_LOOKUP_URL,
      routingLookupApiKey: e.ROUTING_LOOKUP_API_KEY,
      timeoutMs: e.LOOKUP_TIMEOUT_MS,
    },
  };
}
