import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postedLeadAnswer } from "../../src/domain/contracts/publisher-api.ts";
import { problemOf } from "../../src/domain/contracts/publisher-api-problem.ts";
import { PING_MESSAGES, pingAnswer } from "../../src/domain/contracts/publisher-ping.ts";
import { ageOn } from "../../src/domain/age.ts";
import { parseIsoDate } from "../../src/domain/calendar-date.ts";
import { allowedNextPayDates, secondPayDate } from "../../src/domain/pay-dates.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  startFakeBuyer,
  type FakeBuyer,
} from "../../src/server/distribution/auction/auction.testing.ts";
import { usToday } from "../../src/server/intake/leads/us-today.ts";
import { issueApiKey } from "../../src/server/partners/api-keys/api-key-store.ts";
import { createPublisher } from "../../src/server/partners/publishers/publisher-store.ts";
import { PiiCipher } from "../../src/server/platform/security/pii-cipher.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { guideExamples } from "../helpers/guide-examples.ts";

// docs/guides/publisher-integration.md shows publishers what to post and what comes back. Its examples are the
// code's: the body of section 2 is posted (as JSON and as a form) to a server with a test buyer, and each answer
// the server gives has the fields of the guide's answer of that kind.

const { text: guide, example } = guideExamples(new URL("../../docs/guides/publisher-integration.md", import.meta.url));

/** The guide's lead with today's dates: its pay dates and consent time are a day's, as a publisher's would be. */
function guideLead(): Record<string, unknown> {
  const lead = JSON.parse(example("post-json")) as Record<string, unknown>;
  const first = allowedNextPayDates(usToday())[3]!;
  return {
    ...lead,
    income_next_date_1: first,
    income_next_date_2: secondPayDate(first, lead.income_payment_frequency as "BIWEEKLY"),
    consent_at: new Date(Date.now() - 60_000).toISOString(),
  };
}

const keysOf = (value: string) => Object.keys(JSON.parse(value) as object).sort();

let t: TestApp;
let buyer: FakeBuyer;
let key: string;

const post = (payload: string, contentType: string, headers: Record<string, string> = {}, path = "leads") =>
  t.app.inject({
    method: "POST",
    url: `/api/publisher/v1/${path}`,
    headers: { authorization: `Bearer ${key}`, "content-type": contentType, ...headers },
    payload,
  });

beforeAll(async () => {
  t = await createTestApp({ AUCTION_BUDGET_MS: "20000" });
  buyer = await startFakeBuyer({ ping: () => bid(25), post: () => accept("https://lender.example/offer/7") });
  await addBuyers(t.database.db, lenderConfig("guide-buyer", buyer));
  await createPublisher(t.database.db, new PiiCipher(t.secrets.piiKeyring), {
    id: "guide-pub",
    name: "Guide Media",
    aff_id: "guide-aff",
    payout_kind: "revenue_share",
    payout_amount: 4_000,
    hold_days: 0,
    postback_url: null,
    enabled: true,
  });
  key = (await issueApiKey(t.database.db, "publisher", "guide-pub", "guide")).key;
});
afterAll(async () => {
  await t.app.close();
  await buyer.close();
});

describe("the publisher integration guide's examples", () => {
  it("shows answers the contract reads, and a status address of the lead's own", () => {
    for (const name of ["answer-sold", "answer-rejected", "answer-pending"]) {
      expect(postedLeadAnswer.safeParse(JSON.parse(example(name))).success, name).toBe(true);
    }
    const pending = JSON.parse(example("answer-pending")) as { lead_id: string; status_url: string };
    expect(pending.status_url.endsWith(`/api/publisher/v1/leads/${pending.lead_id}`)).toBe(true);
  });

  it("sells the JSON body of section 2 with the curl command's headers, answering as section 3 shows", async () => {
    expect(guide).toContain("curl -sS https://loanpath.example/api/publisher/v1/leads");
    const res = await post(JSON.stringify(guideLead()), "application/json", { "idempotency-key": "order-8842" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("sold");
    expect(Object.keys(res.json() as object).sort()).toEqual(keysOf(example("answer-sold")));
  });

  it("reads the same lead as a form, and refuses the same person again as section 3's duplicate", async () => {
    const lines = Object.fromEntries(
      example("post-form")
        .split("\n")
        .map((line) => line.split("=", 2)),
    );
    // The form's lines over the whole lead, the consent dated now as in every other post.
    const dated = guideLead();
    const form = new URLSearchParams(
      Object.entries({ ...dated, ...lines, consent_at: dated.consent_at }).map(
        ([k, v]) => [k, String(v)] as [string, string],
      ),
    );
    const res = await post(form.toString(), "application/x-www-form-urlencoded");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "rejected", reason: "duplicate" });
    expect(Object.keys(res.json() as object).sort()).toEqual(keysOf(example("answer-rejected")));
  });

  it("refuses the fields of section 5 with its code and messages", async () => {
    const shown = JSON.parse(example("answer-invalid")) as { errors: Record<string, string> };
    const res = await post(
      JSON.stringify({ ...guideLead(), email: "jolene.marsh(at)example", favourite_colour: "teal" }),
      "application/json",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...JSON.parse(example("answer-invalid")), errors: shown.errors });
  });

  it("shows ping answers the contract reads, and a changed field's refusal as the server words it", () => {
    for (const name of ["ping-offered", "ping-rejected"]) {
      expect(pingAnswer.safeParse(JSON.parse(example(name))).success, name).toBe(true);
    }
    expect(JSON.parse(example("answer-ping-changed"))).toEqual(
      problemOf("ping_fields_changed", { errors: { loan_amount: PING_MESSAGES.changed } }),
    );
  });

  it("pings section 6's body, then sells the whole lead posted under its ping id", async () => {
    expect(guide).toContain("curl -sS https://loanpath.example/api/publisher/v1/ping");
    // Another person than section 2's (sold above), with the same ping fields; the pay dates and the age are today's.
    const lead: Record<string, unknown> = {
      ...guideLead(),
      email: "jolene.pinged@example.com",
      cell_phone: "6462014478",
      ssn: "612345679",
    };
    const ping = {
      ...(JSON.parse(example("ping-json")) as Record<string, unknown>),
      income_next_date_1: lead.income_next_date_1,
      income_next_date_2: lead.income_next_date_2,
      age: ageOn(parseIsoDate(String(lead.dob))!, new Date()),
    };
    const pinged = await post(JSON.stringify(ping), "application/json", {}, "ping");
    expect(pinged.statusCode, pinged.body).toBe(200);
    expect(Object.keys(pinged.json() as object).sort()).toEqual(keysOf(example("ping-offered")));
    const { ping_id } = pinged.json() as { ping_id: string };

    const changed = await post(JSON.stringify({ ...lead, loan_amount: 900, ping_id }), "application/json", {}, "post");
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual(JSON.parse(example("answer-ping-changed")));

    const sold = await post(JSON.stringify({ ...lead, ping_id }), "application/json", {}, "post");
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().status).toBe("sold");
    expect(Object.keys(sold.json() as object).sort()).toEqual(keysOf(example("answer-sold")));
  });
});
