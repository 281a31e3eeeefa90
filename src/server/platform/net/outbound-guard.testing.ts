import { guardedFetch } from "./guarded-fetch.ts";
import { createOutboundGuard, type OutboundGuard } from "./outbound-guard.ts";

/** The guard tests use to reach their fakes, which listen on loopback (as createTestApp's OUTBOUND_ALLOWED_HOSTS). */
export function loopbackFakesAllowed(): OutboundGuard {
  return createOutboundGuard({ allowedHosts: ["127.0.0.1"] });
}

/** fetch through that guard, for the outside services' adapters under test. */
export const loopbackFetch = () => guardedFetch(loopbackFakesAllowed());
