import { Resolver } from "node:dns/promises";
import type { Answered, ScreeningCheck } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { emailDomain } from "./email-domain.ts";

// Whether the e-mail's domain receives mail (docs/product/screening.md#e-mail): its MX records, else an A or AAAA
// record (the implicit MX of RFC 5321 §5.1); a null MX alone ("." , RFC 7505) says it never does. One domain is
// asked once an hour: most leads share a few providers.

export type MxCheckOptions = {
  /** The DNS servers to ask, "host" or "host:port" (["127.0.0.1:5353"]); the system's when unset. */
  servers?: readonly string[];
  /** The check's own limit: each round of queries (the MX, then the A and AAAA together) has half of it. */
  timeoutMs: number;
  /** How long an answer is kept; 1 hour unless set. A failure is never kept. */
  cacheTtlMs?: number;
  /** How many domains are kept, the least recently asked dropped first; 10,000 unless set. */
  cacheSize?: number;
  /** The clock of the cache (tests set it). */
  now?: () => number;
};

type MxAnswer = Answered<"email_mx">;

/** What DNS said of one query: its records, or that the name does not exist, or that it has none of the type. */
type Records<T> = T[] | "no domain" | "no records";

async function records<T>(query: Promise<T[]>): Promise<Records<T>> {
  try {
    const found = await query;
    return found.length > 0 ? found : "no records";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND") return "no domain";
    if (code === "ENODATA") return "no records";
    throw error;
  }
}

async function askDns(resolver: Resolver, domain: string): Promise<MxAnswer> {
  const mx = await records(resolver.resolveMx(domain));
  if (mx === "no domain") return { answer: "undeliverable", source: "dns", detail: "domain does not exist" };
  if (mx !== "no records") {
    // Node gives the null MX's "." as "".
    return mx.some((r) => r.exchange !== "" && r.exchange !== ".")
      ? { answer: "deliverable", source: "dns", detail: "MX" }
      : { answer: "undeliverable", source: "dns", detail: "null MX" };
  }
  const addresses = await Promise.all([records(resolver.resolve4(domain)), records(resolver.resolve6(domain))]);
  return addresses.some(Array.isArray)
    ? { answer: "deliverable", source: "dns", detail: "no MX, an address" }
    : { answer: "undeliverable", source: "dns", detail: "no MX or address" };
}

/**
 * The MX check. A query that times out, is cancelled by the gate's signal, or that the server fails or refuses
 * throws a ServiceFailure ("timeout" or "failed"); the gate answers unknown and counts it. The domain goes in the
 * DNS query only, never in a log.
 */
export function createMxCheck(options: MxCheckOptions): ScreeningCheck {
  const { servers, timeoutMs, cacheTtlMs = 60 * 60_000, cacheSize = 10_000, now = Date.now } = options;
  const queryTimeoutMs = Math.max(1, Math.floor(timeoutMs / 2));
  // A Map keeps insertion order: a hit is put back at the end, so the first key is the least recently asked.
  const cache = new Map<string, { answer: MxAnswer; until: number }>();

  const cached = (domain: string): MxAnswer | undefined => {
    const hit = cache.get(domain);
    if (!hit) return undefined;
    cache.delete(domain);
    if (hit.until <= now()) return undefined;
    cache.set(domain, hit);
    return hit.answer;
  };
  const keep = (domain: string, answer: MxAnswer) => {
    cache.set(domain, { answer, until: now() + cacheTtlMs });
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  };

  async function lookUp(domain: string, signal: AbortSignal): Promise<MxAnswer> {
    // A resolver of its own: cancel() ends every query of a resolver, and another lead's may be in flight.
    const resolver = new Resolver({ timeout: queryTimeoutMs, tries: 1 });
    if (servers) resolver.setServers([...servers]);
    const cancel = () => resolver.cancel();
    signal.addEventListener("abort", cancel, { once: true });
    try {
      signal.throwIfAborted();
      return await askDns(resolver, domain);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (signal.aborted || code === "ETIMEOUT" || code === "ECANCELLED")
        throw new ServiceFailure("timeout", "timeout");
      throw new ServiceFailure("failed", typeof code === "string" ? code : "DNS error");
    } finally {
      signal.removeEventListener("abort", cancel);
    }
  }

  return {
    name: "dns-mx",
    answers: ["email_mx"],
    timeoutMs,
    adapter: "dns",
    async run(input, signal) {
      if (!input.email) return { email_mx: { answer: "unknown", source: "dns", detail: "no e-mail", noCall: true } };
      const domain = emailDomain(input.email);
      if (!domain) return { email_mx: { answer: "unknown", source: "dns", detail: "no e-mail domain", noCall: true } };
      const known = cached(domain);
      if (known) return { email_mx: { ...known, noCall: true } };
      const answer = await lookUp(domain, signal);
      keep(domain, answer);
      return { email_mx: answer };
    },
  };
}
