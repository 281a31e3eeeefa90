// The e-mail marketing service (Brevo) behind an interface (docs/product/server-calls.md, brevo calls): the
// outbox job hands it one contact at a time and learns whether to mark the entry sent, try again later, or
// give up. It never throws, and it never reports the URL or the key, only a short reason.

import { wallClockTimeout, type TimeoutSignal } from "../../platform/net/timeout-signal.ts";

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
  /** Removes the contact and its list memberships (a person's erasure). */
  deleteContact(email: string): Promise<SyncResult>;
}

export type BrevoOptions = {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** What ends a call after `timeoutMs`: a wall-clock timer but in tests (timeout-signal.ts says why). */
  timeout?: TimeoutSignal;
  /** guardedFetch(app.outboundGuard): the address is configuration (docs/decisions/0040-outbound-guard.md). */
  fetch: typeof globalThis.fetch;
};

const BREVO_API = "https://api.brevo.com/v3";

export function createBrevoClient({
  apiKey,
  baseUrl = BREVO_API,
  timeoutMs = 10_000,
  timeout = wallClockTimeout,
  fetch,
}: BrevoOptions): MarketingLists {
  /** One call to Brevo: its status and text, or a reason to try again when no answer came. */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; text: string } | { failed: SyncResult }> => {
    try {
      const response = await fetch(`${baseUrl.replace(/\/$/, "")}${path}`, {
        method,
        headers: { "api-key": apiKey, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout(timeoutMs),
        redirect: "error",
      });
      return { status: response.status, text: await response.text().catch(() => "") };
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      return { failed: { ok: false, retry: true, reason: name === "TimeoutError" ? "timeout" : "network error" } };
    }
  };
  const refused = (status: number, text: string): SyncResult => ({
    ok: false,
    retry: status === 429 || status >= 500,
    reason: `HTTP ${status}${brevoCode(text) ? ` ${brevoCode(text)}` : ""}`,
  });

  return {
    async upsertContact(contact) {
      const answer = await call("POST", "/contacts", {
        email: contact.email,
        attributes: contact.attributes,
        listIds: contact.listIds,
        emailBlacklisted: false,
        smsBlacklisted: false,
        updateEnabled: contact.updateEnabled,
      });
      if ("failed" in answer) return answer.failed;
      const { status, text } = answer;
      if (status === 201 || status === 204 || status === 200) return { ok: true };
      // Without updateEnabled Brevo refuses a contact it already has: there is nothing left to do.
      if (status === 400 && brevoCode(text) === "duplicate_parameter") return { ok: true };
      return refused(status, text);
    },

    async deleteContact(email) {
      const answer = await call("DELETE", `/contacts/${encodeURIComponent(email)}?identifierType=email_id`);
      if ("failed" in answer) return answer.failed;
      // 404: Brevo has no such contact (never synced, or deleted already): nothing is left there either way.
      if (answer.status === 204 || answer.status === 200 || answer.status === 404) return { ok: true };
      return refused(answer.status, answer.text);
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
