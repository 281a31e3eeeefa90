import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { isRoleMailbox } from "#domain/screening/role-mailboxes.ts";
import type { Answered, ScreeningCheck } from "../gate/screening-check.ts";
import { emailDomain } from "./email-domain.ts";

// The e-mail, offline (docs/product/screening.md#e-mail): its domain against the disposable-email-domains package's
// lists, and its mailbox against the role mailboxes.

// Called `require` so that knip and dependency-cruiser see the package as a dependency.
const require = createRequire(import.meta.url);

type DisposableLists = {
  /** Domains that are disposable themselves (index.json). */
  exact: ReadonlySet<string>;
  /** Domains every subdomain of which is disposable, the domain too (wildcard.json). */
  wildcard: ReadonlySet<string>;
};

let lists: Promise<DisposableLists> | undefined;

async function readList(path: string): Promise<ReadonlySet<string>> {
  const domains = JSON.parse(await readFile(path, "utf8")) as unknown;
  if (!Array.isArray(domains)) throw new Error("a disposable-email-domains list is not a list");
  return new Set(domains.map((d) => String(d).toLowerCase()));
}

/**
 * The lists, read once on first use (about 120,000 domains, 2.4 MB, a few hundred milliseconds): the wiring may
 * call it at start so that no lead waits for it.
 */
export function loadDisposableDomains(): Promise<DisposableLists> {
  if (!lists) {
    lists = Promise.all([
      readList(require.resolve("disposable-email-domains/index.json")),
      readList(require.resolve("disposable-email-domains/wildcard.json")),
    ]).then(([exact, wildcard]) => ({
      exact,
      wildcard,
    }));
    // A failed read is tried again by the next lead rather than kept.
    lists.catch(() => (lists = undefined));
  }
  return lists;
}

/** The listed domain that makes `domain` disposable: itself, or a parent on the wildcard list; else undefined. */
function disposableMatch(domain: string, { exact, wildcard }: DisposableLists): string | undefined {
  if (exact.has(domain)) return domain;
  for (let rest = domain; rest.includes("."); rest = rest.slice(rest.indexOf(".") + 1)) {
    if (wildcard.has(rest)) return rest;
  }
  return undefined;
}

async function screenEmailDomain(email: string | null): Promise<Answered<"email_domain">> {
  if (!email) return { answer: "unknown", source: "offline", detail: "no e-mail" };
  const domain = emailDomain(email);
  if (!domain) return { answer: "unknown", source: "offline", detail: "no e-mail domain" };
  // The listed domain is a mail service's, not the person's, so it may be shown.
  const listed = disposableMatch(domain, await loadDisposableDomains());
  return listed
    ? { answer: "disposable", source: "offline", detail: `disposable (${listed})` }
    : { answer: "ok", source: "offline" };
}

function screenEmailRole(email: string | null): Answered<"email_role"> {
  if (!email) return { answer: "unknown", source: "offline", detail: "no e-mail" };
  if (!email.includes("@")) return { answer: "unknown", source: "offline", detail: "no e-mail domain" };
  return isRoleMailbox(email)
    ? { answer: "role", source: "offline", detail: "role mailbox" }
    : { answer: "personal", source: "offline" };
}

/** The e-mail's domain against the disposable lists and its mailbox against the roles', with no call out. */
export const emailOfflineCheck: ScreeningCheck = {
  name: "email-offline",
  answers: ["email_domain", "email_role"],
  // Its first run may read the lists (loadDisposableDomains); every other is a few lookups in a Set.
  timeoutMs: 1_000,
  async run(input) {
    return { email_domain: await screenEmailDomain(input.email), email_role: screenEmailRole(input.email) };
  },
};
