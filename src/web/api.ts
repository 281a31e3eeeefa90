// The one typed client for the server contract (decisions.md section 2). Components never call fetch.
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
      message: "We could not reach the server. Please check your connection and try again.",
      data: undefined,
      errors: {},
    };
  }
}

// --- Public site: zip lookup, visitor IP, opt-out forms (issue 3) -----------------------------------------

export type ZipPlace = { city: string; state: string; lat: number; long: number };

/** GET /api/personal_loan/zipcode: the city and state of a zip; 404 when no US zip has that number. */
export function lookupZip(zip: string, options: { leadId?: string; signal?: AbortSignal } = {}) {
  return apiRequest<ZipPlace>("GET", "/personal_loan/zipcode", {
    query: { zip, lead_id: options.leadId },
    signal: options.signal,
  });
}

/** GET /api/your-ip: the visitor's IP as the server sees it, or undefined when that fails (spec section 8). */
export async function fetchVisitorIp(): Promise<string | undefined> {
  const result = await apiRequest<{ ip: string }>("GET", "/your-ip");
  return result.ok ? result.data?.ip : undefined;
}

/** The answer to an opt-out request: a reference that stays the same when the same request is sent again. */
export type PrivacyRequestReceipt = { reference: string };

/** POST /api/unsubscribe (spec section 7): email, phone (ten digits), unsubscribe (reason). */
export function sendUnsubscribeRequest(body: Record<string, string>) {
  return apiRequest<PrivacyRequestReceipt>("POST", "/unsubscribe", { body });
}

/** POST /api/do-not-sell-information (spec section 7): the do-not-sell fields of spec section 3. */
export function sendDoNotSellRequest(body: Record<string, string>) {
  return apiRequest<PrivacyRequestReceipt>("POST", "/do-not-sell-information", { body });
}

// ---- The lead service (issue 4; decisions.md section 2). Bodies use server field names; the access
// cookie set on create travels automatically (same origin), so no token is ever handled here.

/** A lead as the server answers it: server field names, sensitive values masked. */
type LeadContact = Record<string, string | number | boolean | null> & { lead_id: string };
type ContactAnswer = { contact: LeadContact };

/** POST /api/personal_loan/lead/v2: quick start data plus the e-mail step, or a complete contact. */
export function createLead(body: Record<string, unknown>) {
  return apiRequest<ContactAnswer>("POST", "/personal_loan/lead/v2", { body });
}

/** PUT /api/personal_loan/lead/v2: the changed fields of the visitor's lead. */
export function updateLead(leadId: string, changes: Record<string, unknown>) {
  return apiRequest<ContactAnswer>("PUT", "/personal_loan/lead/v2", { body: { ...changes, lead_id: leadId } });
}

/** GET /api/personal_loan/lead/v2/:id: the saved answers, to prefill the screens. */
export function fetchLead(leadId: string) {
  return apiRequest<ContactAnswer>("GET", `/personal_loan/lead/v2/${encodeURIComponent(leadId)}`);
}

/** PUT /api/personal_loan/lead/v2/:id/step: one step's body (spec section 7) with its step number. */
export function saveStep(leadId: string, step: number, fields: Record<string, unknown>) {
  return apiRequest<ContactAnswer>("PUT", `/personal_loan/lead/v2/${encodeURIComponent(leadId)}/step`, {
    body: { ...fields, step, lead_id: leadId },
  });
}

/** POST /api/personal_loan/lead/v2/email-link: the e-mail-link entry; resume_path says where to go. */
export function enterFromEmailLink(body: {
  email: string;
  loan_reason: string;
  resume_token?: string;
  user_agent?: string;
}) {
  return apiRequest<ContactAnswer & { resume_path: string }>("POST", "/personal_loan/lead/v2/email-link", { body });
}

export type RoutingLookup = { routing_number: string; bank_name: string | null; source: string | null };

/** GET /api/routing/:aba: the bank's name; bank_name null when valid but unknown (the visitor types it). */
export function lookupRoutingNumber(aba: string, signal?: AbortSignal) {
  return apiRequest<RoutingLookup>("GET", `/routing/${encodeURIComponent(aba)}`, { signal });
}
