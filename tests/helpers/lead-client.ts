import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { secondPayDate, allowedNextPayDates } from "../../src/domain/pay-dates.ts";
import { usToday } from "../../src/server/intake/leads/us-today.ts";
import { CONSENT_TEXTS, type ConsentKey } from "../../src/domain/consent.ts";
import { CONSENT_BY_STEP } from "../../src/domain/steps/step-bodies.ts";
import { GOOD_STEP_BODIES } from "../fixtures/step-bodies.ts";

/** The sample brand's values for the consent texts' placeholders, as its pages fill them in. */
const SAMPLE_PLACEHOLDERS = { brand: "Loanpath", shortCode: "41411" };

/** The consent evidence the screen showing `key`'s text sends (docs/product/security-and-privacy.md). */
export function consentFor(key: ConsentKey, pageUrl = "/") {
  return { key, version: CONSENT_TEXTS[key].version, page_url: pageUrl, placeholders: SAMPLE_PLACEHOLDERS };
}

/** The quick start data as lead creation receives it, with the quick start's consent evidence. */
export const QUICK_START = {
  loan_amount: 500,
  loan_reason: "DEBT_CONSOLIDATION",
  zip: "10001",
  city: "New York",
  state: "NY",
  consent: consentFor("quick_start", "/email"),
};

/** The "lp_lead=..." pair of a response's Set-Cookie, to send back as a Cookie header. */
export function leadCookie(res: LightMyRequestResponse): string {
  const header = res.headers["set-cookie"];
  const value = (Array.isArray(header) ? header[0] : header) ?? "";
  return value.split(";")[0] ?? "";
}

export async function createLead(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/v2",
    headers,
    payload: { ...QUICK_START, email: "ana@example.com", ...body },
  });
  const json = res.json() as { data: { contact: Record<string, unknown> & { lead_id: string } } };
  return { res, id: json.data?.contact.lead_id, cookie: leadCookie(res), contact: json.data?.contact };
}

/** Valid bodies by step for the real current date (the pay-date window moves with the clock). */
export function stepBodies(): Record<number, Record<string, unknown>> {
  const first = allowedNextPayDates(usToday())[1] as string;
  return { ...GOOD_STEP_BODIES, 14: { incomeNextDate1: first, incomeNextDate2: secondPayDate(first, "BIWEEKLY") } };
}

/** A step update's body. The steps whose screen shows consent text send its evidence, unless `fields` says otherwise. */
export function stepPayload(leadId: string, step: number, fields: Record<string, unknown>) {
  return { step, lead_id: leadId, ...stepConsent(step), ...fields };
}

export function putStep(
  app: FastifyInstance,
  lead: { id: string; cookie: string },
  step: number,
  fields: Record<string, unknown>,
) {
  return app.inject({
    method: "PUT",
    url: `/api/personal_loan/lead/v2/${lead.id}/step`,
    headers: { cookie: lead.cookie },
    payload: stepPayload(lead.id, step, fields),
  });
}

function stepConsent(step: number): { consent?: ReturnType<typeof consentFor> } {
  const key = CONSENT_BY_STEP[step];
  return key ? { consent: consentFor(key, `/step-${step}`) } : {};
}
