// The e-mail marketing service (Brevo) behind an interface (docs/product/server-calls.md, brevo calls): the
// outbox job hands it one contact at a time and learns whether to mark the entry sent, try again later, or
// give up. It never throws, and it never reports the URL or the key, only a short reason.

type MarketingContact = {
  email: string;
  attributes: { FIRSTNAME?: string; LASTNAME?: string; LOANREASON?: string };
  listIds: number[];
  /** false: a contact Brevo already has is left as it is (the first list call); true: lists are added. */
  updateEnabled: boolean;
};

type SyncResult = { ok: true } | { ok: false; retry: boolean; reason: string };

export interface MarketingLists {
  upsertContact(contact: MarketingContact): Promise<SyncResult>;
}

export type BrevoOptions = {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

const BREVO_API = "https://api.brevo.com/v3";

export function createBrevoClient({
  apiKey,
  baseUrl = BREVO_API,
  timeoutMs = 10_000,
  fetch = globalThis.fetch,
}: BrevoOptions): MarketingLists {
  return {
    async upsertContact(contact) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl.replace(/\/$/, "")}/contacts`, {
          method: "POST",
          headers: { "api-key": apiKey, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            email: contact.email,
            attributes: contact.attributes,
            listIds: contact.listIds,
            emailBlacklisted: false,
            smsBlacklisted: false,
            updateEnabled: contact.updateEnabled,
          }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : "";
        return { ok: false, retry: true, reason: name === "TimeoutError" ? "timeout" : "network error" };
      }
      const text = await response.text().catch(() => "");
      if (response.status === 201 || response.status === 204 || response.status === 200) return { ok: true };
      // Without updateEnabled Brevo refuses a contact it already has: there is nothing left to do.
      if (response.status === 400 && brevoCode(text) === "duplicate_parameter") return { ok: true };
      const retry = response.status === 429 || response.status >= 500;
      return { ok: false, retry, reason: `HTTP ${response.status}${brevoCode(text) ? ` ${brevoCode(text)}` : ""}` };
    },
  };
}

function brevoCode(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
