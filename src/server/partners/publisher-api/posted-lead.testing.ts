import { PING_FIELDS } from "#domain/contracts/publisher-ping.ts";
import { definedFields } from "#domain/defined-fields.ts";
import { allowedNextPayDates, secondPayDate } from "#domain/pay-dates.ts";
import { usToday } from "../../intake/leads/us-today.ts";
import type { PublisherSettings } from "#domain/partners/publisher.ts";
import type { Db } from "../../platform/db/database.ts";
import { PiiCipher, type PiiKeyring } from "../../platform/security/pii-cipher.ts";
import { issueApiKey } from "../api-keys/api-key-store.ts";
import { createPublisher } from "../publishers/publisher-store.ts";

// A whole application as a publisher posts it (docs/decisions/0050-publisher-post-api.md), for the API's tests and
// bench: today's pay dates and a consent given a minute ago, and a different person for each `n`.

export const POSTED_CONSENT_TEXT =
  "By clicking Get my loan I agree that Lenders and partners may call and text me at the number I gave, including by autodialer.";

export function postedApplication(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const first = allowedNextPayDates(usToday())[3]!;
  return {
    loan_amount: 800,
    loan_reason: "DEBT_CONSOLIDATION",
    email: `jo.${n}.${Date.now().toString(36)}@example.com`,
    first_name: "Jolene",
    last_name: "Marsh",
    // Exchange 2xx: a callable number (555-01xx is fiction's, and refused).
    cell_phone: `6462${String(n % 1_000_000).padStart(6, "0")}`,
    zip: "10001",
    city: "New York",
    state: "NY",
    address: "350 5th Ave",
    dob: "1988-04-12",
    income_type: "EMPLOYMENT",
    income_payment_frequency: "BIWEEKLY",
    income_net_monthly: 3500,
    income_next_date_1: first,
    income_next_date_2: secondPayDate(first, "BIWEEKLY"),
    bank_direct_deposit: "YES",
    bank_aba: "021000021",
    bank_account_type: "CHECKING",
    bank_account_number: "000123456789",
    // Area 612, group 34, a serial from 1001 on: a valid number, one person per `n`.
    ssn: `6${12_341_001 + (n % 8_000)}`,
    consent_text: POSTED_CONSENT_TEXT,
    consent_at: new Date(Date.now() - 60_000).toISOString(),
    consent_ip: "198.51.100.23",
    consent_user_agent: "Mozilla/5.0 (iPhone)",
    consent_page_url: "https://loans.publisher.example/apply",
    ...overrides,
  };
}

/** The ping of a whole application: its ping fields only (docs/decisions/0051-publisher-ping-post.md). */
export const pingOf = (whole: Record<string, unknown>): Record<string, unknown> => definedFields(whole, PING_FIELDS);

/**
 * Publishers `ids` (aff_id "<id>-aff", paid 40% of each sale at once), each with a live API key: the keys, in order.
 */
export async function postingPublishers(
  db: Db,
  keyring: PiiKeyring,
  ids: string[],
  terms: Partial<PublisherSettings> = {},
): Promise<string[]> {
  const cipher = new PiiCipher(keyring);
  const keys: string[] = [];
  for (const id of ids) {
    await createPublisher(db, cipher, {
      id,
      name: `${id} media`,
      aff_id: `${id}-aff`,
      payout_kind: "revenue_share",
      payout_amount: 4_000,
      hold_days: 0,
      postback_url: null,
      enabled: true,
      ...terms,
    });
    keys.push((await issueApiKey(db, "publisher", id, "test")).key);
  }
  return keys;
}
