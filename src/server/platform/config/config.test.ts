import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("works with no settings at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      host: "127.0.0.1",
      port: 3000,
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      logLevel: "info",
      logPretty: true,
      trustProxy: false,
    });
  });

  it("reads how a process stops and how often a held ping re-reads (docs/operations.md)", () => {
    const defaults = loadConfig({});
    expect(defaults.shutdownTimeoutMs).toBe(25_000);
    expect(defaults.distribution).toMatchObject({ drainMs: 5_000, pingRecheckMs: 1_000 });
    const set = loadConfig({ SHUTDOWN_TIMEOUT_MS: "60000", AUCTION_DRAIN_MS: "0", PING_RECHECK_MS: "250" });
    expect(set.shutdownTimeoutMs).toBe(60_000);
    expect(set.distribution).toMatchObject({ drainMs: 0, pingRecheckMs: 250 });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "10" })).toThrow(ConfigError);
    expect(() => loadConfig({ PING_RECHECK_MS: "soon" })).toThrow("PING_RECHECK_MS: must be a number");
  });

  it("leaves the stop time after the auction drain for the rest of the stop", () => {
    expect(loadConfig({ AUCTION_DRAIN_MS: "20000", SHUTDOWN_TIMEOUT_MS: "25000" }).distribution.drainMs).toBe(20_000);
    expect(() => loadConfig({ AUCTION_DRAIN_MS: "20001" })).toThrow(
      "AUCTION_DRAIN_MS (20001) and SHUTDOWN_TIMEOUT_MS (25000): the stop needs at least 5000 ms after the auction drain",
    );
    // Set alone, a shutdown time too short for the default drain names both.
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "8000" })).toThrow(
      "AUCTION_DRAIN_MS (5000) and SHUTDOWN_TIMEOUT_MS (8000)",
    );
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: "8000", AUCTION_DRAIN_MS: "3000" }).shutdownTimeoutMs).toBe(8_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "4999", AUCTION_DRAIN_MS: "0" })).toThrow(
      "SHUTDOWN_TIMEOUT_MS: must be between 5000 and 600000",
    );
  });

  it("reads the PostgreSQL pool sizes and the session address, which defaults to DATABASE_URL", () => {
    const url = "postgres://u@pooler:6432/app";
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ sessionUrl: url, poolSize: 10, queuePoolSize: 3 });
    const set = loadConfig({
      DATABASE_URL: url,
      DATABASE_SESSION_URL: "postgres://u@db:5432/app",
      DATABASE_POOL_SIZE: "40",
      QUEUE_POOL_SIZE: "5",
    });
    expect(set.database).toEqual({ sessionUrl: "postgres://u@db:5432/app", poolSize: 40, queuePoolSize: 5 });
    expect(loadConfig({}).database.sessionUrl).toBeUndefined();
    // Empty is unset, as everywhere: `DATABASE_POOL_SIZE=` in an env file leaves the default.
    expect(loadConfig({ DATABASE_POOL_SIZE: "", QUEUE_POOL_SIZE: "", DATABASE_SESSION_URL: "" }).database).toEqual({
      sessionUrl: undefined,
      poolSize: 10,
      queuePoolSize: 3,
    });
    expect(() => loadConfig({ DATABASE_SESSION_URL: "postgres://u@db:5432/app" })).toThrow(
      "DATABASE_SESSION_URL: needs DATABASE_URL",
    );
  });

  it("writes pretty log lines in development only, JSON lines elsewhere", () => {
    expect(loadConfig({ NODE_ENV: "development", LOG_PRETTY: "off" }).logPretty).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).logPretty).toBe(false);
    expect(loadConfig({ NODE_ENV: "production" }).logPretty).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", LOG_PRETTY: "on" })).toThrow(
      "LOG_PRETTY: on only in development",
    );
    expect(() => loadConfig({ LOG_PRETTY: "yes" })).toThrow("LOG_PRETTY:");
  });

  it("reads every setting", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: "8080",
      DATA_DIR: "/var/lib/loanpath",
      DATABASE_URL: "postgres://u@db:5432/app",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "10.0.0.0/8, 127.0.0.1",
    });
    expect(config).toMatchObject({
      env: "production",
      host: "0.0.0.0",
      port: 8080,
      dataDir: "/var/lib/loanpath",
      databaseUrl: "postgres://u@db:5432/app",
      logLevel: "warn",
      trustProxy: ["10.0.0.0/8", "127.0.0.1"],
    });
  });

  describe("TRUST_PROXY", () => {
    it.each(["", " ", "false", "FALSE", "no", "0"])("treats %j as trusting no proxy", (value) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    });

    it.each([
      ["127.0.0.1", ["127.0.0.1"]],
      ["127.0.0.1,10.0.0.0/8", ["127.0.0.1", "10.0.0.0/8"]],
      [" 192.168.1.0/24 , ::1 ,fd00::/8", ["192.168.1.0/24", "::1", "fd00::/8"]],
      ["loopback,uniquelocal", ["loopback", "uniquelocal"]],
    ])("reads %j as the list of trusted proxies", (value, proxies) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(proxies);
    });
  });

  it("keeps personal data 24 months by default, and never longer", () => {
    expect(loadConfig({}).retentionMonths).toBe(24);
    expect(loadConfig({ RETENTION_MONTHS: "6" }).retentionMonths).toBe(6);
    expect(() => loadConfig({ RETENTION_MONTHS: "36" })).toThrow(/RETENTION_MONTHS: must be between 1 and 24/);
  });

  it("sends reminders by default, 2 hours after a lead was left, between 1 and 72 hours", () => {
    expect(loadConfig({}).reminders).toEqual({ enabled: true, delayHours: 2 });
    expect(loadConfig({ REMINDERS: "off", REMINDER_DELAY_HOURS: "24" }).reminders).toEqual({
      enabled: false,
      delayHours: 24,
    });
    expect(loadConfig({ REMINDERS: "" }).reminders.enabled).toBe(true);
    expect(() => loadConfig({ REMINDERS: "yes" })).toThrow(/REMINDERS: must be on or off/);
    expect(() => loadConfig({ SIMULATED_LENDERS: "1" })).toThrow(/SIMULATED_LENDERS: must be on or off/);
    expect(() => loadConfig({ REMINDER_DELAY_HOURS: "0" })).toThrow(/REMINDER_DELAY_HOURS: must be between 1 and 72/);
    expect(() => loadConfig({ REMINDER_DELAY_HOURS: "1.5" })).toThrow(/REMINDER_DELAY_HOURS: must be a whole number/);
  });

  it("runs the partners' jobs every 5 s and retries a postback after 30 s by default; a test sets them lower", () => {
    expect(loadConfig({}).partnerJobs).toEqual({ everyMs: 5_000, postbackFirstRetryMs: 30_000 });
    expect(loadConfig({ PARTNERS_JOB_SECONDS: "1", POSTBACK_RETRY_SECONDS: "2" }).partnerJobs).toEqual({
      everyMs: 1_000,
      postbackFirstRetryMs: 2_000,
    });
    expect(() => loadConfig({ PARTNERS_JOB_SECONDS: "0" })).toThrow(/PARTNERS_JOB_SECONDS: must be between 1 and 300/);
    expect(() => loadConfig({ POSTBACK_RETRY_SECONDS: "0.5" })).toThrow(/POSTBACK_RETRY_SECONDS: must be a whole/);
    expect(() => loadConfig({ POSTBACK_RETRY_SECONDS: "7200" })).toThrow(/POSTBACK_RETRY_SECONDS: must be between/);
  });

  it("serves no metrics by default, keeps buyer-call bodies 90 days, and reads readiness limits", () => {
    const config = loadConfig({});
    expect(config.metrics).toEqual({ token: undefined, port: undefined, host: "127.0.0.1" });
    expect(config.buyerCallBodyDays).toBe(90);
    expect(config.readiness.maxEventLoopDelayMs).toBe(1000);
    expect(config.readiness.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    const set = loadConfig({
      METRICS_TOKEN: "x".repeat(24),
      METRICS_PORT: "9464",
      METRICS_HOST: "0.0.0.0",
      READY_MAX_EVENT_LOOP_DELAY_MS: "0",
      READY_MAX_HEAP_MB: "512",
      BUYER_CALL_BODY_DAYS: "30",
    });
    expect(set.metrics).toEqual({ token: "x".repeat(24), port: 9464, host: "0.0.0.0" });
    expect(set.readiness).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 512 * 1024 * 1024 });
    expect(set.buyerCallBodyDays).toBe(30);
    expect(loadConfig({ METRICS_PORT: "", METRICS_TOKEN: "" }).metrics.port).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN: must be at least 24 characters");
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow("METRICS_PORT: must be between 0 and 65535");
    expect(() => loadConfig({ BUYER_CALL_BODY_DAYS: "0" })).toThrow("BUYER_CALL_BODY_DAYS: must be between 1 and 3650");
  });

  it("addresses links that leave the site from PUBLIC_BASE_URL, else from its own host and port", () => {
    expect(loadConfig({}).publicBaseUrl).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).publicBaseUrl).toBe("http://localhost:8080");
    expect(loadConfig({ HOST: "::1" }).publicBaseUrl).toBe("http://[::1]:3000");
    expect(loadConfig({ PUBLIC_BASE_URL: "https://apply.loanpath.example/" }).publicBaseUrl).toBe(
      "https://apply.loanpath.example",
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: "ftp://x" })).toThrow(/PUBLIC_BASE_URL: must be an http/);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("treats any empty setting as unset: its default, never a refusal", () => {
    const empty = loadConfig({
      PORT: "",
      AUCTION_WORKERS: "",
      RETENTION_MONTHS: "",
      SHUTDOWN_TIMEOUT_MS: "",
      HOST: "",
    });
    expect(empty).toMatchObject({ port: 3000, host: "127.0.0.1", shutdownTimeoutMs: 25_000 });
    expect(empty.distribution.workers).toBe(128);
  });

  it.each([
    [{ PORT: "abc" }, "PORT: must be a number"],
    [{ PORT: "70000" }, "PORT: must be between 0 and 65535"],
    [{ PORT: "80.5" }, "PORT: must be a whole number"],
    [{ NODE_ENV: "staging" }, "NODE_ENV: must be development, production or test"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    [{ DATABASE_SESSION_URL: "db:5432" }, "DATABASE_SESSION_URL: must be a postgres:// or postgresql:// URL"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE: must be between 1 and 500"],
    [{ DATABASE_POOL_SIZE: "many" }, "DATABASE_POOL_SIZE: must be a number"],
    [{ QUEUE_POOL_SIZE: "51" }, "QUEUE_POOL_SIZE: must be between 1 and 50"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY: true is refused: it trusts every X-Forwarded-For entry"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY: true is refused"],
    [{ TRUST_PROXY: "1" }, "TRUST_PROXY: hop counts are refused"],
    [{ TRUST_PROXY: "2" }, "list the proxies' addresses or CIDR ranges instead, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8"],
    [{ TRUST_PROXY: "maybe" }, 'TRUST_PROXY: "maybe" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "proxy.internal" }, 'TRUST_PROXY: "proxy.internal" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "10.0.0.0/33" }, 'TRUST_PROXY: "10.0.0.0/33" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "10.0.0.1," }, 'TRUST_PROXY: "" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "10.0.0.1/8/8" }, 'TRUST_PROXY: "10.0.0.1/8/8" is not an IP address or CIDR range'],
    [{ TRUST_PROXY: "0.0.0.0/0" }, "TRUST_PROXY: a /0 range trusts every client"],
    [{ TRUST_PROXY: "127.0.0.1,::/0" }, "TRUST_PROXY: a /0 range trusts every client"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL: must be one of"],
    [{ ADDRESS_SUGGEST_URL: "api.geoapify.com" }, "ADDRESS_SUGGEST_URL: must be an http:// or https:// URL"],
    [{ ROUTING_LOOKUP_URL: "ftp://example.com" }, "ROUTING_LOOKUP_URL: must be an http:// or https:// URL"],
    [{ LOOKUP_TIMEOUT_MS: "fast" }, "LOOKUP_TIMEOUT_MS: must be a number"],
    [{ LOOKUP_TIMEOUT_MS: "50" }, "LOOKUP_TIMEOUT_MS: must be between 100 and 30000"],
    [{ LOOKUP_TIMEOUT_MS: "60000" }, "LOOKUP_TIMEOUT_MS: must be between 100 and 30000"],
  ])("refuses %j with a message naming the setting", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe("lookup services", () => {
    it("default to offline lookups only", () => {
      expect(loadConfig({}).lookups).toEqual({
        addressSuggestUrl: "https://api.geoapify.com/v1/geocode/autocomplete",
        addressSuggestApiKey: undefined,
        routingFedAchFile: undefined,
        routingLookupUrl: undefined,
        routingLookupApiKey: undefined,
        timeoutMs: 1500,
      });
    });

    it("read every lookup setting", () => {
      const config = loadConfig({
        ADDRESS_SUGGEST_URL: "http://127.0.0.1:9999/v1/geocode/autocomplete",
        ADDRESS_SUGGEST_API_KEY: "geo-key",
        ROUTING_FEDACH_FILE: "data/FedACHdir.txt",
        ROUTING_LOOKUP_URL: "https://www.routingnumbers.info",
        ROUTING_LOOKUP_API_KEY: "rn-key",
        LOOKUP_TIMEOUT_MS: "2500",
      });
      expect(config.lookups).toEqual({
        addressSuggestUrl: "http://127.0.0.1:9999/v1/geocode/autocomplete",
        addressSuggestApiKey: "geo-key",
        routingFedAchFile: path.resolve("data/FedACHdir.txt"),
        routingLookupUrl: "https://www.routingnumbers.info",
        routingLookupApiKey: "rn-key",
        timeoutMs: 2500,
      });
    });

    it("treat empty values as not configured", () => {
      const config = loadConfig({
        ADDRESS_SUGGEST_API_KEY: "",
        ROUTING_FEDACH_FILE: " ",
        ROUTING_LOOKUP_URL: "",
        ROUTING_LOOKUP_API_KEY: "",
      });
      expect(config.lookups).toMatchObject({
        addressSuggestApiKey: undefined,
        routingFedAchFile: undefined,
        routingLookupUrl: undefined,
        routingLookupApiKey: undefined,
      });
    });

    it("never put a key in the message of a refused configuration", () => {
      const refused = (() => {
        try {
          loadConfig({ ADDRESS_SUGGEST_API_KEY: "geo-key", ROUTING_LOOKUP_URL: "geo-key" });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(refused).toContain("ROUTING_LOOKUP_URL: must be an http:// or https:// URL");
      expect(refused).not.toContain("geo-key");
    });
  });

  describe("partner list", () => {
    it("defaults to the brands' own lists and the sample brand", () => {
      const config = loadConfig({});
      expect(config.partners).toEqual({ serviceUrl: undefined, apiKey: undefined });
      expect(config.defaultBrandId).toBe("sample");
    });

    it("reads the partner service and the build's brand", () => {
      const config = loadConfig({
        PARTNERS_URL: "https://partners.example/list",
        PARTNERS_API_KEY: "partner-key",
        VITE_SITE_BRAND: "sample",
      });
      expect(config.partners).toEqual({ serviceUrl: "https://partners.example/list", apiKey: "partner-key" });
      expect(config.defaultBrandId).toBe("sample");
    });

    it("refuses a brand no entry of src/domain/brands.ts names, and a partner URL that is not http", () => {
      expect(() => loadConfig({ VITE_SITE_BRAND: "acme" })).toThrow("VITE_SITE_BRAND: must be one of sample");
      expect(() => loadConfig({ PARTNERS_URL: "ftp://partners.example" })).toThrow(
        "PARTNERS_URL: must be an http:// or https:// URL",
      );
    });
  });

  describe("consent-certificate vendors", () => {
    const TF = "https://api.trustedform.com/trustedform.js?field=xxTrustedFormCertUrl&use_tagged_consent=true";

    it("are off unless configured, empty values included", () => {
      expect(loadConfig({}).consentVendors).toEqual({ trustedForm: undefined, jornaya: undefined });
      expect(loadConfig({ TRUSTEDFORM_SCRIPT_URL: " ", JORNAYA_CAMPAIGN_ID: "" }).consentVendors).toEqual({
        trustedForm: undefined,
        jornaya: undefined,
      });
    });

    it("read the TrustedForm script with its certificate host, and build Jornaya's from the campaign id", () => {
      const config = loadConfig({ TRUSTEDFORM_SCRIPT_URL: TF, JORNAYA_CAMPAIGN_ID: "0a1b2c3d-4e5f" });
      expect(config.consentVendors).toEqual({
        trustedForm: { scriptUrl: TF, certHost: "cert.trustedform.com" },
        jornaya: { scriptUrl: "https://create.lidstatic.com/campaign/0a1b2c3d-4e5f.js?snippet_version=2" },
      });
      expect(
        loadConfig({ TRUSTEDFORM_SCRIPT_URL: TF, TRUSTEDFORM_CERT_HOST: "Cert.Example.com" }).consentVendors.trustedForm
          ?.certHost,
      ).toBe("cert.example.com");
    });

    it("refuse a script that is not https (plain http only on loopback, for a local fake)", () => {
      expect(() => loadConfig({ TRUSTEDFORM_SCRIPT_URL: "http://api.trustedform.com/trustedform.js" })).toThrow(
        "TRUSTEDFORM_SCRIPT_URL: must be an https:// URL",
      );
      expect(() => loadConfig({ TRUSTEDFORM_SCRIPT_URL: "javascript:alert(1)" })).toThrow("TRUSTEDFORM_SCRIPT_URL");
      expect(loadConfig({ TRUSTEDFORM_SCRIPT_URL: "http://127.0.0.1:4000/tf.js" }).consentVendors.trustedForm).toEqual({
        scriptUrl: "http://127.0.0.1:4000/tf.js",
        certHost: "cert.trustedform.com",
      });
    });

    it("refuse a TrustedForm field the page does not read, a bad host and a campaign id that is no id", () => {
      expect(() =>
        loadConfig({ TRUSTEDFORM_SCRIPT_URL: "https://api.trustedform.com/trustedform.js?field=other" }),
      ).toThrow("its field parameter must be xxTrustedFormCertUrl");
      expect(() => loadConfig({ TRUSTEDFORM_SCRIPT_URL: TF, TRUSTEDFORM_CERT_HOST: "https://x/" })).toThrow(
        "TRUSTEDFORM_CERT_HOST",
      );
      expect(() => loadConfig({ JORNAYA_CAMPAIGN_ID: "../evil.js?x=" })).toThrow("JORNAYA_CAMPAIGN_ID");
    });
  });
});
