import { expect } from "vitest";
import { consentFor, QUICK_START, stepBodies, stepPayload } from "./lead-client.ts";

// A client of a running server (tests/helpers/built-server.ts) over HTTP, as the funnel drives it: finished
// applications, their send, and the answers, with the lead's cookie carried by hand.

export type Api = {
  status: number;
  json: { data?: Record<string, unknown> } & Record<string, unknown>;
  cookie?: string;
};

export async function api(base: string, method: string, url: string, body?: object, cookie?: string): Promise<Api> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const setCookie = res.headers.getSetCookie()[0]?.split(";")[0];
  return { status: res.status, json: (await res.json()) as Api["json"], cookie: setCookie };
}

export type HttpLead = { id: string; cookie: string; n: number };

/** A finished application through the API, as the funnel saves it: created, then every step. */
export async function finishedLead(base: string, n: number, emailPrefix = "crash"): Promise<HttpLead> {
  const created = await api(base, "POST", "/api/personal_loan/lead/v2", {
    ...QUICK_START,
    email: `${emailPrefix}.${n}@example.com`,
    first_name: "Ana",
    last_name: "Lopez",
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = String((created.json.data?.contact as { lead_id: string }).lead_id);
  const cookie = created.cookie ?? "";
  const bodies = {
    ...stepBodies(),
    // A different person each time: the same phone or SSN would be a duplicate, rejected unsold.
    2: { cellPhone: `(212)-555-${2000 + n}`, homePhone: "2125551234", contactTime: "ANYTIME" },
    25: { ssn: `123-45-${6700 + n}`, consent: consentFor("ssn", "/ssn") },
  };
  for (const [step, fields] of Object.entries(bodies)) {
    const res = await api(
      base,
      "PUT",
      `/api/personal_loan/lead/v2/${id}/step`,
      stepPayload(id, Number(step), fields),
      cookie,
    );
    expect(res.status, `lead ${n} step ${step}: ${JSON.stringify(res.json)}`).toBe(200);
  }
  return { id, cookie, n };
}

/** What the funnel's last screen sends with the lead id. */
export const SUBMISSION = {
  productId: 19,
  price: 0,
  closeConnection: 1,
  consentEmailSms: "YES",
  consentToFcra: "YES",
};

export const sendLead = (base: string, lead: HttpLead) =>
  api(base, "POST", "/api/personal_loan/lead/send/v2", { lead_id: lead.id, ...SUBMISSION }, lead.cookie);

export const pingLead = (base: string, lead: HttpLead) =>
  api(base, "GET", `/api/ping/v2?lead_id=${lead.id}&checkKey=k&utm_source=test`, undefined, lead.cookie);
