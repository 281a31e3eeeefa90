import { consentFor } from "../tests/helpers/lead-client.ts";

/** `count` applicants created through the quick start, as a browser does: each lead's id and access cookie. */
export async function quickStartLeads(
  url: string,
  count: number,
  emailPrefix: string,
): Promise<{ id: string; cookie: string }[]> {
  const leads: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/personal_loan/lead/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `${emailPrefix}${i}@example.com`,
        loan_amount: 500,
        loan_reason: "DEBT_CONSOLIDATION",
        zip: "10001",
        consent: consentFor("quick_start", "/email"),
      }),
    });
    if (!res.ok) throw new Error(`creating a bench lead answered ${res.status}: ${await res.text()}`);
    const json = (await res.json()) as { data: { contact: { lead_id: string } } };
    leads.push({ id: json.data.contact.lead_id, cookie: String(res.headers.get("set-cookie")).split(";")[0] ?? "" });
  }
  return leads;
}
