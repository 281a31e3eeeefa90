import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import { isInternalAddress, isInternalName } from "./internal-addresses.ts";

// The one guard of every outbound call made to an address someone configured: buyers' ping and post URLs,
// publishers' postback URLs, the outside services' URLs (docs/decisions/0040-outbound-guard.md). An operator
// account is not trusted with the server's network position: a URL aimed at this host, the private network or
// the cloud's metadata service is refused when it is saved, and again when the call connects, on the address DNS
// actually gave (a name may resolve elsewhere than it did at save: DNS rebinding). The check at connect is the
// one that counts; the check at save tells the operator early, in words.

// The process's one guard, made by app.ts before any context registers, so every context reaches the same one.
declare module "fastify" {
  interface FastifyInstance {
    outboundGuard: OutboundGuard;
  }
}

/** Why a call was not made; callers report the kind of failure, never the address. */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
}

export const REFUSED_MESSAGE =
  "points inside Loanpath's own network (this host, a private or link-local address, or a cloud metadata service), " +
  "so it will not be called; use the partner's public address, or have an administrator allow this host " +
  "(OUTBOUND_ALLOWED_HOSTS)";

export type OutboundGuard = {
  /**
   * For a URL about to be called: the options a node:http(s) request takes to connect only where allowed (a
   * `lookup` that refuses internal addresses), or an OutboundRefused thrown at once (an address literal, an
   * internal name, a scheme other than http(s)).
   */
  connectOptions(url: URL): { lookup: LookupFunction; agent: http.Agent };
  /** For a URL being saved: undefined when it may be called, else why not (a field message). */
  checkAtSave(url: string): Promise<string | undefined>;
  /** Adds an allowed `host` or `host:port` (the simulated lenders' own loopback port). */
  allow(entry: string): void;
};

/** `[::1]` and `::1` alike, lower case, no trailing dot. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.$/, "");
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

/** `host` or `host:port` (`[v6]:port` for IPv6), as OUTBOUND_ALLOWED_HOSTS lists them. */
export function parseAllowedHost(entry: string): { host: string; port: string | undefined } | undefined {
  const trimmed = entry.trim().toLowerCase();
  if (!trimmed) return undefined;
  if (isIP(bareHost(trimmed)) === 6) return { host: bareHost(trimmed), port: undefined };
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(trimmed);
  if (!match) return undefined;
  return { host: bareHost(match[1]!), port: match[2] };
}

function familyNumber(family: number | "IPv4" | "IPv6" | undefined): number {
  return family === "IPv4" ? 4 : family === "IPv6" ? 6 : (family ?? 0);
}

/** The addresses of this host's network interfaces, without an IPv6 zone. */
function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .map((i) => i?.address.replace(/%.*$/, ""))
    .filter((a): a is string => Boolean(a));
}

/** Every address DNS gives a name (family 0: both). */
type LookupAll = (hostname: string, family: number) => Promise<LookupAddress[]>;

const systemLookupAll: LookupAll = (hostname, family) =>
  dnsLookup(hostname, { all: true, family: family as 0 | 4 | 6 });

export function createOutboundGuard({
  allowedHosts = [],
  lookupAll = systemLookupAll,
  saveLookupTimeoutMs = 2_000,
  ownAddresses = interfaceAddresses(),
}: {
  allowedHosts?: readonly string[];
  /** DNS, at save and at connect (tests answer for it). */
  lookupAll?: LookupAll;
  saveLookupTimeoutMs?: number;
  /** This host's addresses (tests name some). */
  ownAddresses?: readonly string[];
} = {}): OutboundGuard {
  const allowed: { host: string; port: string | undefined }[] = [];
  // This host's own addresses, public ones included: a service listening on all of them is this host all the same.
  const own = new Set(ownAddresses.map((a) => a.toLowerCase()));
  const inside = (address: string) => isInternalAddress(address) || own.has(address.toLowerCase());
  // Kept-open connections belong to the guard that checked where they go: a socket is reused without a new lookup,
  // so one guard's connection must never serve another's call. They close after a few idle seconds: a partner's
  // server closes idle connections (Node's after 5 s), and a call sent on one it has just closed would fail.
  const agents = {
    "http:": new http.Agent({ keepAlive: true, timeout: 4_000 }),
    "https:": new https.Agent({ keepAlive: true, timeout: 4_000 }),
  };
  const allow = (entry: string) => {
    const parsed = parseAllowedHost(entry);
    if (!parsed) throw new Error(`not a host or host:port: ${entry}`);
    allowed.push(parsed);
  };
  allowedHosts.forEach(allow);

  const isAllowed = (url: URL) => {
    const host = bareHost(url.hostname);
    const port = defaultPort(url);
    return allowed.some((a) => a.host === host && (a.port === undefined || a.port === port));
  };

  /** Refusals that need no DNS: the scheme, an address literal, a name that is internal by itself. */
  const refusedAtSight = (url: URL): string | undefined => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https address";
    if (url.username || url.password) return "must not carry a user name or password; use the headers";
    if (isAllowed(url)) return undefined;
    const host = bareHost(url.hostname);
    if (isIP(host) !== 0) return inside(host) ? REFUSED_MESSAGE : undefined;
    return isInternalName(host) ? REFUSED_MESSAGE : undefined;
  };

  // Every address of the name is checked, not only the one connected to: a name answering one public and one
  // internal address is refused whole, so which one the connection picks makes no difference. The socket then
  // connects to an address from this very answer, so DNS cannot change its mind between the check and the call.
  const lookupWith =
    (checked: boolean): LookupFunction =>
    (hostname, options, callback) => {
      lookupAll(hostname, familyNumber(options.family)).then(
        (addresses) => {
          if (checked && (addresses.length === 0 || addresses.some((a) => inside(a.address))))
            return callback(new OutboundRefused(REFUSED_MESSAGE), "", 0);
          if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
          const first = addresses[0];
          if (!first) return callback(Object.assign(new Error("no address"), { code: "ENOTFOUND" }), "", 0);
          callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, "", 0),
      );
    };
  const checkingLookup = lookupWith(true);
  const plainLookup = lookupWith(false);

  return {
    allow,
    connectOptions(url) {
      const refused = refusedAtSight(url);
      if (refused) throw new OutboundRefused(refused);
      return {
        lookup: isAllowed(url) ? plainLookup : checkingLookup,
        agent: agents[url.protocol as keyof typeof agents],
      };
    },
    async checkAtSave(text) {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return "must be a full address, e.g. https://buyer.example.com/leads";
      }
      const refused = refusedAtSight(url);
      if (refused || isAllowed(url) || isIP(bareHost(url.hostname)) !== 0) return refused;
      // A name that does not resolve now is saved: the partner may not have published it yet, and the check at
      // connect time refuses it then if it points inside. One that resolves inside is refused now, in words.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<LookupAddress[]>((resolve) => {
        timer = setTimeout(() => resolve([]), saveLookupTimeoutMs);
      });
      try {
        const found = lookupAll(bareHost(url.hostname), 0).catch(() => []);
        const addresses = await Promise.race([found, timedOut]);
        return addresses.some((a) => inside(a.address)) ? REFUSED_MESSAGE : undefined;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
