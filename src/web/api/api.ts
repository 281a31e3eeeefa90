import type {
  ConsentEvidence,
  ContactAnswer,
  CreateLeadBody,
  EmailLinkAnswer,
  EmailLinkBody,
  LeadWrite,
} from "#domain/contracts/lead.ts";
import type { ClientLogEvent, LeadSendBody, LeadStatusData } from "#domain/contracts/lead-send.ts";
import type { AddressSuggestion, RoutingLookup, SuggestionField, ZipPlace } from "#domain/contracts/lookups.ts";
import type { PartnerList } from "#domain/contracts/partners.ts";
import type {
  DoNotSellBody,
  PrivacyRequestReceipt,
  UnsubscribeBody,
  UnsubscribeLinkBody,
} from "#domain/contracts/privacy.ts";
import type { SiteTracking } from "#domain/contracts/site-tracking.ts";
import type { StepBodyRequest } from "#domain/steps/step-bodies.ts";

export type { PrivacyRequestReceipt, ZipPlace };

// The one typed client for the server contract (src/domain/contracts). Components never call fetch.
// Every answer has the shape { status, message, data?, errors? }; a network failure becomes status 0
// so callers handle one kind of result.

export type ApiResult<T> = {
  ok: boolean;
  status: number;
  message: string;
  data: T | undefined;
  errors: Record<string, string>;
};

type Method = "GET" | "POST" | "PUT";

/** What a call answers when the server (or a piece of the app's own code) could not be fetched. */
export const UNREACHABLE_MESSAGE = "We could not reach the server. Please check your connection and try again.";

async function apiRequest<T>(
  method: Method,
  path: string,
  options: { body?: unknown; query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const url = `/api${path}${search.size > 0 ? `?${search}` : ""}`;
  try {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers:
        options.body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const json = (await response.json().catch(() => ({}))) as {
      message?: string;
      data?: T;
      errors?: Record<string, string>;
    };
    return {
      ok: response.ok,
      status: response.status,
      message: json.message ?? response.statusText,
      data: json.data,
      errors: json.errors ?? {},
    };
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return {
      ok: false,
      status: 0,
      message: UNREACHABLE_MESSAGE,
      data: undefined,
      errors: {},
    };
  }
}

// --- Public site: zip lookup, visitor IP, opt-out forms (issue 3) -----------------------------------------

/** GET /api/personal_loan/zipcode: the city and state of a zip; 404 when no US zip has that number. */
export function lookupZip(zip: string, options: { leadId?: string; signal?: AbortSignal } = {}) {
  return apiRequest<ZipPlace>("GET", "/personal_loan/zipcode", {
    query: { zip, lead_id: options.leadId },
    signal: options.signal,
  });
}

/** GET /api/your-ip: the visitor's IP as the server sees it, or undefined when that fails (docs/product/errors.md). */
export async function fetchVisitorIp(): Promise<string | undefined> {
  const result = await apiRequest<{ ip: string }>("GET", "/your-ip");
  return result.ok ? result.data?.ip : undefined;
}

/** GET /api/partners: the partner names of this site's brand; none when the server cannot be asked. */
export async function fetchPartnerNames(signal?: AbortSignal): Promise<string[]> {
  const result = await apiRequest<PartnerList>("GET", "/partners", { signal });
  return result.ok ? Object.keys(result.data ?? {}) : [];
}

/** GET /api/site/tracking: the consent-certificate vendor scripts to load; undefined when the call failed. */
export async function fetchSiteTracking(): Promise<SiteTracking | undefined> {
  const result = await apiRequest<SiteTracking>("GET", "/site/tracking");
  return result.ok ? result.data : undefined;
}

/** POST /api/unsubscribe (docs/product/server-calls.md): email, phone (ten digits), unsubscribe (reason). */
export function sendUnsubscribeRequest(body: UnsubscribeBody) {
  return apiRequest<PrivacyRequestReceipt>("POST", "/unsubscribe", { body });
}

/** POST /api/unsubscribe/link: the token of an e-mail's unsubscribe link (docs/product/mail.md#reminders). */
export function sendUnsubscribeLink(body: UnsubscribeLinkBody) {
  return apiRequest<PrivacyRequestReceipt>("POST", "/unsubscribe/link", { body });
}

/**
 * POST /api/do-not-sell-information (docs/product/server-calls.md): the do-not-sell fields of
 * docs/product/lead-fields.md.
 */
export function sendDoNotSellRequest(body: DoNotSellBody) {
  return apiRequest<PrivacyRequestReceipt>("POST", "/do-not-sell-information", { body });
}

// ---- The lead service (src/domain/contracts/lead.ts). Bodies use server field names; the access cookie
// set on create travels automatically (same origin), so no token is ever handled here.

/** POST /api/personal_loan/lead/v2: quick start data plus the e-mail step, or a complete contact. */
export function createLead(body: CreateLeadBody) {
  return apiRequest<ContactAnswer>("POST", "/personal_loan/lead/v2", { body });
}

/** PUT /api/personal_loan/lead/v2: the changed fields of the visitor's lead. */
export function updateLead(leadId: string, changes: LeadWrite) {
  return apiRequest<ContactAnswer>("PUT", "/personal_loan/lead/v2", { body: { ...changes, lead_id: leadId } });
}

/** GET /api/personal_loan/lead/v2/:id: the saved answers, to prefill the screens. */
export function fetchLead(leadId: string) {
  return apiRequest<ContactAnswer>("GET", `/personal_loan/lead/v2/${encodeURIComponent(leadId)}`);
}

/** PUT /api/personal_loan/lead/v2/:id/step: a screen's body (formToStepBody), with its consent if it shows one. */
export function saveStep(leadId: string, body: StepBodyRequest & { consent?: ConsentEvidence }) {
  return apiRequest<ContactAnswer>("PUT", `/personal_loan/lead/v2/${encodeURIComponent(leadId)}/step`, {
    body: { ...body, lead_id: leadId },
  });
}

/** POST /api/personal_loan/lead/v2/email-link: the e-mail-link entry; resume_path says where to go. */
export function enterFromEmailLink(body: EmailLinkBody) {
  return apiRequest<EmailLinkAnswer>("POST", "/personal_loan/lead/v2/email-link", { body });
}

/** GET /api/routing/:aba: the bank's name; bank_name null when valid but unknown (the visitor types it). */
export function lookupRoutingNumber(aba: string, signal?: AbortSignal) {
  return apiRequest<RoutingLookup>("GET", `/routing/${encodeURIComponent(aba)}`, { signal });
}

// ---- The lender network (docs/product/lender-network.md): the final submission, the auction's answer,
// the redirect's arrival, the client log and the interstitial lists.

/** POST /api/personal_loan/lead/send/v2: hands the finished application to the lenders. */
export function sendLeadToLenders(body: LeadSendBody) {
  return apiRequest<LeadStatusData>("POST", "/personal_loan/lead/send/v2", { body });
}

/** GET /api/ping/v2: the auction's state (1 accepted, 2 rejected, 3 pending); held open while nothing changes. */
export function pingLead(query: { lead_id: string; utm_source?: string; checkKey?: string }) {
  return apiRequest<LeadStatusData>("GET", "/ping/v2", { query });
}

/** POST /api/personal_loan/lead/redirected/v2: the browser is on its way to the lender's page. */
export function reportRedirect(leadId: string) {
  return apiRequest<unknown>("POST", "/personal_loan/lead/redirected/v2", { body: { lead_id: leadId } });
}

/** POST /api/logs: one client event, without personal data; its failure is of no concern to the visitor. */
export function sendClientLog(event: ClientLogEvent) {
  void apiRequest<unknown>("POST", "/logs", { body: event });
}

/** PUT /api/brevo/mapping-step: the interstitial lists of a yes; its failure never stops the questions. */
export function addToInterstitialLists(leadId: string, listIds: number[]) {
  return apiRequest<unknown>("PUT", "/brevo/mapping-step", { body: { lead_id: leadId, listIds } });
}

/** POST /api/brevo: the new lead joins the e-mail marketing list; its failure is of no concern to the visitor. */
export function joinMarketingList(leadId: string) {
  return apiRequest<unknown>("POST", "/brevo", { body: { lead_id: leadId } });
}

/** GET /api/personal_loan/suggest?{field}=text: up to a handful of completions of a name, employer or job title. */
export async function suggest(field: SuggestionField, text: string, signal?: AbortSignal): Promise<string[]> {
  const result = await apiRequest<Partial<Record<SuggestionField, string[]>>>("GET", "/personal_loan/suggest", {
    query: { [field]: text },
    signal,
  });
  return result.ok ? (result.data?.[field] ?? []) : [];
}

/** GET /api/personal_loan/address-suggest: street addresses near the visitor's zip. */
export async function suggestAddresses(
  query: { zip: string; address: string; lead_id?: string; lat?: number; long?: number },
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const result = await apiRequest<{ suggestions: AddressSuggestion[] }>("GET", "/personal_loan/address-suggest", {
    query: { ...query, max_results: 5 },
    signal,
  });
  return result.ok ? (result.data?.suggestions ?? []) : [];
}
