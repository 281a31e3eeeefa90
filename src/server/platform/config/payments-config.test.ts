import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the payment provider's settings", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };

  it("is off unless both Stripe secrets are set, and talks to Stripe's own API by default", () => {
    expect(loadConfig({}).payments.stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" }).payments.stripe).toBeUndefined();
    expect(loadConfig(stripe).payments.stripe).toEqual({
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_abc123",
      apiUrl: "https://api.stripe.com",
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).payments.stripe?.apiUrl).toBe(
      "http://127.0.0.1:12111",
    );
  });

  it("names the setting at fault", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither",
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_abc123" })).toThrow("set both, or neither");
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: "pk_live_abc" })).toThrow(
      "STRIPE_SECRET_KEY: must be a Stripe secret or restricted key",
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: "abc" })).toThrow(
      "STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret",
    );
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: "ftp://stripe.test" })).toThrow(
      "STRIPE_API_URL: must be an http:// or https:// URL",
    );
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: "https://api.stripe.com/v1" })).toThrow(
      "STRIPE_API_URL: must be the API's origin, no path",
    );
  });
});
