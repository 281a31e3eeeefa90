import { z } from "zod";

// The payment provider (docs/product/buyer-money.md#payments): Stripe Checkout for buyers' top-ups, off until its
// secret key and its webhook's signing secret are both set. Without them payments are recorded by operators only.

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

export const PAYMENTS_ENV = {
  STRIPE_SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key (sk_live_…, rk_live_…, sk_test_…)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_API_URL: z
    .string()
    .trim()
    .refine(
      (v) => URL.canParse(v) && ["http:", "https:"].includes(new URL(v).protocol),
      "must be an http:// or https:// URL",
    )
    .refine((v) => !URL.canParse(v) || ["", "/"].includes(new URL(v).pathname), "must be the API's origin, no path")
    .default("https://api.stripe.com"),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof PAYMENTS_ENV>>;

export type PaymentsConfig = {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
};

/** The section of the config, or the names of the settings that need each other. */
export function paymentsConfig(e: PaymentsEnv): PaymentsConfig | string {
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    // A top-up whose webhook is never verified is paid and never credited; a webhook without a key has no top-ups.
    return "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither";
  }
  return {
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
  };
}
