import { isIP } from "node:net";
import path from "node:path";
import { getHeapStatistics } from "node:v8";
import { z } from "zod";
import { parseAllowedHost } from "../net/outbound-guard.ts";
import { PAYMENTS_ENV, paymentsConfig, type PaymentsConfig } from "./payments-config.ts";
import { SCREENING_ENV, screeningConfig, type ScreeningConfig } from "./screening-config.ts";
import { BRANDS, SAMPLE_BRAND } from "#domain/brands.ts";
import { DEFAULT_DUPLICATE_WINDOW_DAYS } from "#domain/client-routes.ts";
import { DEFAULT_TRUSTEDFORM_CERT_HOST, TRUSTEDFORM_FIELD } from "#domain/consent-vendors.ts";

// Every setting the server reads, validated once at start. A bad value stops the process with a
// message naming the variable, instead of failing later in some request.
const perMinute = (fallback: number) =>
  z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

// Unset and empty both mean "not configured", so `FOO=` in an env file switches a service off: loadConfig reads
// every empty value as unset before the schema sees it.
// on/off switches; unset or empty leaves the default.
const onOff = z.enum(["on", "off"], { message: "must be on or off" }).optional();

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
  .optional();

const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

// Which proxies may tell us the visitor's address in X-Forwarded-For. Fastify then takes the right-most
// address that is not one of them, so a client cannot choose its own IP by sending the header itself.
// `true` (trust every hop) and hop counts are refused; see docs/decisions/0010-proxy-and-rate-limits.md.
const PROXY_EXAMPLE = "list the proxies' addresses or CIDR ranges instead, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8";
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefix ?? "")) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

// Internal hosts that calls made on someone's configuration may reach all the same: an on-premises buyer, a local
// fake in tests (docs/decisions/0040-outbound-guard.md). Each entry is a host name or IP, with a port or without.
const outboundAllowedHosts = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): string[] => {
    const entries = (value ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !parseAllowedHost(entry));
    if (bad) {
      ctx.addIssue({
        code: "custom",
        message: `${bad} is not a host name or address, with or without a port (e.g. lender.corp.example:8443,10.1.2.3)`,
      });
      return z.NEVER;
    }
    return entries;
  });

const trustedProxies = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | string[] => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!value || ["false", "no", "0"].includes(value.toLowerCase())) return false;
    if (["true", "yes"].includes(value.toLowerCase())) {
      return refuse(
        `true is refused: it trusts every X-Forwarded-For entry, so any client could choose its own IP; ${PROXY_EXAMPLE}`,
      );
    }
    if (/^\d+$/.test(value)) {
      return refuse(
        `hop counts are refused: Fastify 5.12.1+ trusts no proxy for one, as a count cannot tell a proxy from a client that connects directly; ${PROXY_EXAMPLE}`,
      );
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      return refuse(`"${bad}" is not an IP address or CIDR range; use false, or ${PROXY_EXAMPLE}`);
    }
    if (entries.some((entry) => /\/0$/.test(entry))) {
      return refuse(`a /0 range trusts every client, so any client could choose its own IP; ${PROXY_EXAMPLE}`);
    }
    return entries;
  });

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

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

// A vendor script runs with the page's full rights: https only (http just on loopback, for a local fake in
// tests), and TrustedForm's `field` must be the one the page reads, or no certificate would ever be seen.
const trustedFormScriptUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
    } catch {
      return false;
    }
  }, "must be an https:// URL")
  .refine((v) => {
    const field = URL.canParse(v) ? new URL(v).searchParams.get("field") : null;
    return field === null || field === TRUSTEDFORM_FIELD;
  }, `its field parameter must be ${TRUSTEDFORM_FIELD}, the hidden field the page reads`);

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
  PUBLIC_BASE_URL: optionalSetting.pipe(httpUrl.optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl,
  // Session-level work (LISTEN for decisions, the migration lock, the job queue) needs a connection of its own for as
  // long as it runs: through a pooler in transaction mode it would break, so it may be given a direct address.
  DATABASE_SESSION_URL: postgresUrl,
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 500")
    .max(500, "must be between 1 and 500")
    .default(10),
  QUEUE_POOL_SIZE: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 50")
    .max(50, "must be between 1 and 50")
    .default(3),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  LOG_PRETTY: onOff,
  TRUST_PROXY: trustedProxies,
  OUTBOUND_ALLOWED_HOSTS: outboundAllowedHosts,
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
  // The same variable picks the prerendered brand at build time (src/web/site/sites.ts); here it is the brand
  // of a host no brand lists, so the partner list names the brand those pages show.
  VITE_SITE_BRAND: optionalSetting.pipe(
    z
      .enum(BRANDS.map((brand) => brand.id) as [string, ...string[]], {
        message: `must be one of ${BRANDS.map((brand) => brand.id).join(", ")} (src/domain/brands.ts)`,
      })
      .optional(),
  ),
  PARTNERS_URL: optionalSetting.pipe(httpUrl.optional()),
  PARTNERS_API_KEY: optionalSetting,
  RATE_LIMIT_LOGS_PER_MINUTE: perMinute(60),
  RATE_LIMIT_ADMIN_PER_MINUTE: perMinute(60),
  RATE_LIMIT_PARTNER_PER_MINUTE: perMinute(60),
  BUYERS_FILE: optionalSetting,
  SIMULATED_LENDERS: onOff,
  SIMULATED_LENDERS_PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3100),
  AUCTION_BUDGET_MS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1000, "must be between 1000 and 600000")
    .max(600_000, "must be between 1000 and 600000")
    .default(60_000),
  // Auctions wait on their buyers' network answers, not on a core: a slot is cheap, so size them for a burst
  // of sends (docs/decisions/0038-auction-cost.md).
  AUCTION_WORKERS: z.coerce.number({ message: "must be a number" }).int().min(1).max(1000).default(128),
  AUCTION_LEASE_MS: z.coerce.number({ message: "must be a number" }).int().min(500).max(300_000).default(15_000),
  PING_WAIT_MS: z.coerce.number({ message: "must be a number" }).int().min(0).max(30_000).default(5_000),
  PING_RECHECK_MS: z.coerce.number({ message: "must be a number" }).int().min(50).max(600_000).default(1_000),
  AUCTION_DRAIN_MS: z.coerce.number({ message: "must be a number" }).int().min(0).max(300_000).default(5_000),
  // At least the part of a stop that follows the auction drain (STOP_AFTER_DRAIN_MS).
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number" })
    .int()
    .min(5_000, "must be between 5000 and 600000")
    .max(600_000, "must be between 5000 and 600000")
    .default(25_000),
  DUPLICATE_WINDOW_DAYS: z.coerce
    .number({ message: "must be a number" })
    .int()
    .min(0)
    .max(3650)
    .default(DEFAULT_DUPLICATE_WINDOW_DAYS),
  BREVO_API_KEY: optionalSetting,
  BREVO_API_URL: httpUrl.default("https://api.brevo.com/v3"),
  RETENTION_MONTHS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 24")
    .max(24, "must be between 1 and 24 (the GLBA Safeguards Rule's disposal limit)")
    .default(24),
  MARKETING_SYNC_INTERVAL_MS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(100, "must be between 100 and 3600000")
    .max(3_600_000, "must be between 100 and 3600000")
    .default(10_000),
  SMTP_URL: optionalSetting.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/, "must be an e-mail address, e.g. Loanpath <privacy@example.com>")
    .default("Loanpath <privacy@localhost>"),
  REMINDERS: onOff,
  REMINDER_DELAY_HOURS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 72")
    .max(72, "must be between 1 and 72")
    .default(2),
  // Gone with the console's own accounts: a deployment that still sets it is told what replaced it.
  OPERATOR_PASSWORD: optionalSetting.pipe(
    z
      .undefined({
        message:
          "is no longer used: operators sign in to the console with their own accounts; create the first owner with npm run operator -- create (see the README)",
      })
      .optional(),
  ),
  CONSOLE_HOST: optionalSetting.pipe(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,253}$/, "must be a host name without a port, e.g. console.loanpath.example")
      .optional(),
  ),
  CONSOLE_IDLE_MINUTES: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(5, "must be between 5 and 240")
    .max(240, "must be between 5 and 240")
    .default(30),
  REPORT_ROLLUP_MINUTES: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 60")
    .max(60, "must be between 0 and 60")
    .default(5),
  PARTNERS_JOB_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 300")
    .max(300, "must be between 1 and 300")
    .default(5),
  POSTBACK_RETRY_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 3600")
    .max(3600, "must be between 1 and 3600")
    .default(30),
  // Operations (docs/decisions/0036-metrics-and-readiness.md, docs/operations-watch.md).
  METRICS_TOKEN: optionalSetting.pipe(
    z.string().min(24, "must be at least 24 characters (a random secret, e.g. openssl rand -hex 24)").optional(),
  ),
  METRICS_PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .optional(),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  READY_MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 60000")
    .max(60_000, "must be between 0 and 60000")
    .default(1000),
  // Unset: 90% of V8's heap limit (loadConfig); 0: never.
  READY_MAX_HEAP_MB: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .optional(),
  BUYER_CALL_BODY_DAYS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 3650")
    .max(3650, "must be between 1 and 3650")
    .default(90),
  TRUSTEDFORM_SCRIPT_URL: optionalSetting.pipe(trustedFormScriptUrl.optional()),
  TRUSTEDFORM_CERT_HOST: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]{1,253}$/i, "must be a host name, e.g. cert.trustedform.com")
    .default(DEFAULT_TRUSTEDFORM_CERT_HOST),
  JORNAYA_CAMPAIGN_ID: optionalSetting.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "must be the campaign id Jornaya gave (letters, digits, dashes)")
      .optional(),
  ),
  ...SCREENING_ENV,
  ...PAYMENTS_ENV,
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  /** On SIGTERM, the process exits after this long however far its stop has got (src/server/main.ts). */
  shutdownTimeoutMs: number;
  /**
   * The site's address as visitors and buyers reach it (no trailing slash), for links that leave the
   * site: the consent certificate a buyer receives. Default: this server's own address.
   */
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only (docs/operations.md): the address of the connections held for a session (the decision
   * listener, the migration lock, the job queue), DATABASE_SESSION_URL or else DATABASE_URL; and the sizes of the
   * process's pool and of the job queue's.
   */
  database: { sessionUrl: string | undefined; poolSize: number; queuePoolSize: number };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Log lines for a person (pino-pretty, a devDependency): development only, never in test or production. */
  logPretty: boolean;
  /** Addresses/CIDRs of the proxies allowed to set X-Forwarded-For (Fastify's trustProxy), or false. */
  trustProxy: false | string[];
  /**
   * Internal hosts (`host` or `host:port`) the outbound guard lets configured calls reach; none by default
   * (docs/decisions/0040-outbound-guard.md).
   */
  outboundAllowedHosts: string[];
  webBuildDir: string;
  /** Requests per minute per IP, by kind of endpoint. */
  rateLimits: {
    leads: number;
    steps: number;
    lookups: number;
    forms: number;
    logs: number;
    admin: number;
    partners: number;
  };
  /** Keyring "id:base64key,..." for the sensitive columns; generated into DATA_DIR outside production. */
  piiEncryptionKeys: string | undefined;
  piiEncryptionKeyId: string | undefined;
  /** Signs resume tokens; generated into DATA_DIR outside production. */
  tokenSecret: string | undefined;
  resumeTokenTtlHours: number;
  /**
   * Outside lookup services; each is optional and has an offline default
   * (docs/product/server-calls.md#server-contract).
   */
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
  /** Id of the brand (src/domain/brands.ts) of a host no brand lists. */
  defaultBrandId: string;
  /**
   * A partner service answering each brand's partner list (docs/decisions/0023-partner-list.md); unset, the
   * brands' own lists in src/domain/brands.ts answer. It is asked within `lookups.timeoutMs`.
   */
  partners: { serviceUrl: string | undefined; apiKey: string | undefined };
  /** The lender network (docs/product/lender-network.md). */
  distribution: {
    /** JSON file of buyers; the `buyers` table adds to and overrides it. */
    buyersFile: string | undefined;
    /** Run the simulated lender network on loopback (default: on in development only). */
    simulatedLenders: boolean;
    simulatedLendersPort: number;
    /** One auction's whole time budget. */
    auctionBudgetMs: number;
    /** Auctions one process runs at once. */
    workers: number;
    /** How long a worker's claim on an auction lasts without renewal (another takes over after a crash). */
    leaseMs: number;
    /** How long GET /api/ping/v2 holds a pending answer open. */
    pingWaitMs: number;
    /**
     * How often a held ping re-reads its auction while decisions arrive by LISTEN/NOTIFY (PostgreSQL); on the
     * embedded database, or while the listener reconnects, it re-reads every 100 ms.
     */
    pingRecheckMs: number;
    /** On SIGTERM, how long running auctions may go on before each hands its lease back at its next step. */
    drainMs: number;
    /** The same e-mail, phone or SSN within this many days is a duplicate and not resold. */
    duplicateWindowDays: number;
  };
  /** Months a lead unused keeps its personal data (docs/product/security-and-privacy.md#retention). */
  retentionMonths: number;
  /** E-mail marketing lists (docs/product/marketing.md): written to an outbox, synced to Brevo with a key. */
  marketing: {
    brevoApiKey: string | undefined;
    brevoApiUrl: string;
    /** How often the outbox is looked at for entries due. */
    syncIntervalMs: number;
  };
  /** E-mail the product sends (docs/product/mail.md): kept in the mail outbox, sent over SMTP when set. */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * The reminders to finish an application (docs/product/mail.md#reminders): whether they are queued, and
   * how long a lead must have been left before the first.
   */
  reminders: { enabled: boolean; delayHours: number };
  /**
   * The operator console (docs/decisions/0034-operator-console.md): the host name it answers on, apart from
   * the consumer site, and how long an idle session lasts. Without a host, it answers on the site's own
   * host in development and test, and not at all in production.
   */
  /** rollupMinutes: how often this process rebuilds the reports' rollups; 0, never (another process does). */
  console: { host: string | undefined; idleMinutes: number; rollupMinutes: number };
  /** The partners context's background passes (docs/product/partners.md#postbacks). */
  partnerJobs: {
    /** How often the settle pass and the postback worker run. */
    everyMs: number;
    /** A failed postback's first pause before it is tried again; each later pause doubles, up to an hour. */
    postbackFirstRetryMs: number;
  };
  /**
   * What an engineer on call reads (docs/decisions/0036-metrics-and-readiness.md): `/metrics` on the site's
   * port behind `token` (a bearer token), and/or on its own `port` at `host` (loopback unless set), where it
   * asks for the token only when one is set. Neither: no metrics are served.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /**
   * When GET /api/ready answers 503 under pressure: the event loop's mean delay (ms; 0, never) and the V8
   * heap used (bytes; 0, never). The heap's default is 90% of V8's own limit.
   */
  readiness: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number };
  /** Days a buyer call keeps its masked request and answer bodies; the row and its figures stay. */
  buyerCallBodyDays: number;
  /**
   * Consent-certificate vendors (docs/decisions/0022-consent-certificates-vendors.md); each undefined unless
   * configured, and then nothing loads from outside and the page CSP is the strict default.
   */
  consentVendors: {
    trustedForm: { scriptUrl: string; certHost: string } | undefined;
    jornaya: { scriptUrl: string } | undefined;
  };
  /** The gate every lead passes (docs/product/screening.md#settings). */
  screening: ScreeningConfig;
  /** Buyers' top-ups through the payment provider (docs/product/buyer-money.md#payments); off unless configured. */
  payments: PaymentsConfig;
};

/** Where Jornaya serves a campaign's script (its standard snippet). */
const JORNAYA_SCRIPT_BASE = "https://create.lidstatic.com/campaign";

export class ConfigError extends Error {}

/** What a stop needs after its auction drain: hand the leases back, drain the outboxes' calls, close. */
const STOP_AFTER_DRAIN_MS = 5_000;

/** http://host:port of this server; a wildcard listen address is reached as localhost. */
function ownAddress(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Unset and empty both mean "not configured" (above), for every setting: `FOO=` in an env file leaves FOO's default.
  const given = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value === "" ? undefined : value]),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.DATABASE_SESSION_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_SESSION_URL: needs DATABASE_URL (the embedded database has no sessions to route)",
    );
  }
  // The stop drains auctions, then hands back what is left and drains the outboxes: that needs time after the drain.
  if (e.AUCTION_DRAIN_MS + STOP_AFTER_DRAIN_MS > e.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  AUCTION_DRAIN_MS (${e.AUCTION_DRAIN_MS}) and SHUTDOWN_TIMEOUT_MS (${e.SHUTDOWN_TIMEOUT_MS}): ` +
        `the stop needs at least ${STOP_AFTER_DRAIN_MS} ms after the auction drain; lower AUCTION_DRAIN_MS or raise SHUTDOWN_TIMEOUT_MS`,
    );
  }
  const screening = screeningConfig(e);
  if (typeof screening === "string") throw new ConfigError(`Invalid configuration:\n  ${screening}`);
  const payments = paymentsConfig(e);
  if (typeof payments === "string") throw new ConfigError(`Invalid configuration:\n  ${payments}`);
  if (e.LOG_PRETTY === "on" && e.NODE_ENV !== "development") {
    throw new ConfigError(
      "Invalid configuration:\n  LOG_PRETTY: on only in development (production and test log JSON lines)",
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? ownAddress(e.HOST, e.PORT)).replace(/\/+$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    database: {
      sessionUrl: e.DATABASE_SESSION_URL ?? e.DATABASE_URL,
      poolSize: e.DATABASE_POOL_SIZE,
      queuePoolSize: e.QUEUE_POOL_SIZE,
    },
    logLevel: e.LOG_LEVEL,
    logPretty: (e.LOG_PRETTY ?? (e.NODE_ENV === "development" ? "on" : "off")) === "on",
    trustProxy: e.TRUST_PROXY,
    outboundAllowedHosts: e.OUTBOUND_ALLOWED_HOSTS,
    webBuildDir: path.resolve(e.WEB_BUILD_DIR),
    rateLimits: {
      leads: e.RATE_LIMIT_LEADS_PER_MINUTE,
      steps: e.RATE_LIMIT_STEPS_PER_MINUTE,
      lookups: e.RATE_LIMIT_LOOKUPS_PER_MINUTE,
      forms: e.RATE_LIMIT_FORMS_PER_MINUTE,
      logs: e.RATE_LIMIT_LOGS_PER_MINUTE,
      admin: e.RATE_LIMIT_ADMIN_PER_MINUTE,
      partners: e.RATE_LIMIT_PARTNER_PER_MINUTE,
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
    defaultBrandId: e.VITE_SITE_BRAND ?? SAMPLE_BRAND.id,
    partners: { serviceUrl: e.PARTNERS_URL, apiKey: e.PARTNERS_API_KEY },
    distribution: {
      buyersFile: e.BUYERS_FILE === undefined ? undefined : path.resolve(e.BUYERS_FILE),
      simulatedLenders: (e.SIMULATED_LENDERS ?? (e.NODE_ENV === "development" ? "on" : "off")) === "on",
      simulatedLendersPort: e.SIMULATED_LENDERS_PORT,
      auctionBudgetMs: e.AUCTION_BUDGET_MS,
      workers: e.AUCTION_WORKERS,
      leaseMs: e.AUCTION_LEASE_MS,
      pingWaitMs: e.PING_WAIT_MS,
      pingRecheckMs: e.PING_RECHECK_MS,
      drainMs: e.AUCTION_DRAIN_MS,
      duplicateWindowDays: e.DUPLICATE_WINDOW_DAYS,
    },
    retentionMonths: e.RETENTION_MONTHS,
    marketing: {
      brevoApiKey: e.BREVO_API_KEY,
      brevoApiUrl: e.BREVO_API_URL,
      syncIntervalMs: e.MARKETING_SYNC_INTERVAL_MS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    reminders: { enabled: (e.REMINDERS ?? "on") === "on", delayHours: e.REMINDER_DELAY_HOURS },
    console: { host: e.CONSOLE_HOST, idleMinutes: e.CONSOLE_IDLE_MINUTES, rollupMinutes: e.REPORT_ROLLUP_MINUTES },
    partnerJobs: { everyMs: e.PARTNERS_JOB_SECONDS * 1000, postbackFirstRetryMs: e.POSTBACK_RETRY_SECONDS * 1000 },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    readiness: {
      maxEventLoopDelayMs: e.READY_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes:
        e.READY_MAX_HEAP_MB === undefined
          ? Math.floor(getHeapStatistics().heap_size_limit * 0.9)
          : e.READY_MAX_HEAP_MB * 1024 * 1024,
    },
    buyerCallBodyDays: e.BUYER_CALL_BODY_DAYS,
    consentVendors: {
      trustedForm: e.TRUSTEDFORM_SCRIPT_URL
        ? { scriptUrl: e.TRUSTEDFORM_SCRIPT_URL, certHost: e.TRUSTEDFORM_CERT_HOST.toLowerCase() }
        : undefined,
      jornaya: e.JORNAYA_CAMPAIGN_ID
        ? { scriptUrl: `${JORNAYA_SCRIPT_BASE}/${e.JORNAYA_CAMPAIGN_ID}.js?snippet_version=2` }
        : undefined,
    },
    screening,
    payments,
  };
}
