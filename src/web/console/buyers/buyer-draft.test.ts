import { describe, expect, it } from "vitest";
import { MASKED_SECRET } from "#domain/buyers/buyer-secrets.ts";
import { buyerSchema } from "#domain/buyers/buyer-schema.ts";
import { configOf, draftOf, emptyRuleRow, settingsTheFormLoses } from "./buyer-draft.ts";

// Everything the schema lets a buyer have, written as BUYERS_FILE or the console writes it.
const FULL = {
  id: "acme",
  name: "Acme",
  enabled: false,
  kind: "licensed_lender",
  licensedStates: ["CA", "TX"],
  mode: "ping_post",
  protocol: "xml",
  xmlRoot: "Application",
  ping: {
    url: "https://acme.example/ping",
    headers: { Authorization: MASKED_SECRET, "X-Source": "loanpath" },
    fields: [
      { to: "State", from: "state" },
      { to: "Amount", from: "loan_amount", type: "number" },
    ],
    answer: { format: "json", success: { path: "Response.Status", equals: [1, "OK", true] }, price: "Response.Price" },
  },
  post: {
    url: "https://acme.example/post",
    fields: [
      { to: "Name", from: ["first_name", "last_name"], transform: "join", separator: "" },
      { to: "Pay", from: "income_payment_frequency", values: { BIWEEKLY: "bi_weekly", WEEKLY: 7 }, case: "upper" },
      { to: "api_key", value: MASKED_SECRET },
      { to: "Campaign", value: 42 },
    ],
    answer: { success: { path: "ok", equals: ["yes"] }, id: "id", reason: "why", redirectUrl: "url" },
  },
  filters: {
    states: ["CA"],
    loanAmount: { min: 200, max: 5000 },
    minMonthlyIncome: 1200,
    creditScores: ["GOOD", "FAIR"],
    payFrequencies: ["BIWEEKLY"],
    directDepositOnly: false,
    age: { min: 21 },
    military: false,
    publishers: { mode: "deny", entries: [{ affId: "cheapclicks" }, { affId: "mixed", subId: "spam" }] },
    quality: {
      phoneLineTypes: ["mobile", "landline"],
      emailDeliverable: false,
      noVelocityFlag: true,
      unknownPasses: false,
    },
  },
  testMode: "live",
  pricing: {
    kind: "fixed",
    price: 12.5,
    rules: [
      { states: ["CA", "TX"], creditScores: ["GOOD"], price: 20 },
      { loanAmount: { min: 1000 }, sources: ["google"], publishers: ["pub-7"], price: 15.5 },
    ],
  },
  floor: 0,
  tier: 2,
  caps: {},
  budget: { daily: 250, monthly: 5000 },
  billing: {
    kind: "credit",
    creditLimit: 2000,
    lowRoomAlert: 150,
    email: "billing@acme.example",
    invoicePeriod: "weekly",
  },
  pauseAfterPostErrors: 5,
  timeZone: "America/Chicago",
  schedule: { mon: [["09:30", "17:00"]], sat: [] },
  timeoutMs: 3000,
  duplicateWindowDays: 45,
  shadow: false,
  returns: { window_days: 7, cap_percent: 10 },
};

describe("the buyer form's draft", () => {
  it("gives back exactly the configuration it was loaded from: types, empty parts and unset ones kept", () => {
    expect(configOf(draftOf(FULL), FULL)).toEqual(FULL);
    expect(settingsTheFormLoses(FULL)).toEqual([]);
    const small = {
      id: "b",
      name: "B",
      kind: "lead_buyer",
      mode: "direct_post",
      protocol: "json",
      pricing: { kind: "bid" },
    };
    const post = { url: "https://b.example", fields: [], answer: { success: { path: "ok", equals: [] } } };
    expect(configOf(draftOf({ ...small, post }), { ...small, post })).toEqual({ ...small, post });
    const bidder = { ...FULL, pricing: { kind: "bid" }, stateFloors: { CA: 12, TX: 8.5 }, caps: { weekly: 300 } };
    expect(buyerSchema.safeParse(bidder).success).toBe(true);
    expect(configOf(draftOf(bidder), bidder)).toEqual(bidder);
    expect(settingsTheFormLoses(bidder)).toEqual([]);
  });

  it("reads a price rule as typed: numbers as numbers, a condition left empty left out", () => {
    const draft = draftOf(FULL);
    draft.pricing.rules.push({ ...emptyRuleRow(), states: ["NY"], loanAmount: { min: "", max: "800" }, price: "9.5" });
    draft.pricing.rules.push(emptyRuleRow());
    const rules = (configOf(draft, FULL).pricing as { rules: unknown[] }).rules;
    expect(rules.slice(2)).toEqual([{ states: ["NY"], loanAmount: { max: 800 }, price: 9.5 }, {}]);
    // The rule with no condition and no price is the schema's to refuse, on its row.
    const paths = buyerSchema.safeParse(configOf(draft, FULL)).error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["pricing.rules.3.price"]);
    draft.pricing.rules[3]!.price = "4";
    expect(buyerSchema.safeParse(configOf(draft, FULL)).error!.issues).toMatchObject([
      { path: ["pricing", "rules", 3], message: expect.stringMatching(/^names at least one condition/) },
    ]);
  });

  it("saves only what the form shows of the pricing and billing chosen", () => {
    const bid = draftOf(FULL);
    bid.pricing.kind = "bid";
    bid.stateFloors = [{ state: "CA", floor: "7" }];
    expect(configOf(bid, FULL)).toMatchObject({ pricing: { kind: "bid" }, stateFloors: { CA: 7 } });
    const fixed = draftOf({ ...FULL, pricing: { kind: "bid" }, stateFloors: { CA: 12 } });
    fixed.pricing = { kind: "fixed", price: "10", rules: [] };
    expect(configOf(fixed, FULL).pricing).toEqual({ kind: "fixed", price: 10 });
    expect(configOf(fixed, FULL)).not.toHaveProperty("stateFloors");

    const prepaid = draftOf(FULL);
    prepaid.billing.kind = "prepaid";
    expect(configOf(prepaid, FULL).billing).toEqual({
      kind: "prepaid",
      lowRoomAlert: 150,
      email: "billing@acme.example",
      invoicePeriod: "weekly",
    });
    prepaid.billing.kind = "none";
    expect(configOf(prepaid, FULL).billing).toMatchObject({ kind: "none", invoicePeriod: "weekly" });
    const { billing: _billing, ...unbilled } = FULL;
    expect(configOf(draftOf(unbilled), unbilled)).not.toHaveProperty("billing");
  });

  it("loses nothing of a configuration as the server shows it: the schema's defaults filled in", () => {
    const { billing: _billing, ...unbilled } = FULL;
    for (const config of [FULL, unbilled, { ...FULL, pricing: { kind: "bid" }, stateFloors: { NY: 3 } }]) {
      const shown = buyerSchema.parse(config) as Record<string, unknown>;
      expect(shown).toMatchObject({ budget: expect.any(Object), billing: { invoicePeriod: expect.any(String) } });
      expect(settingsTheFormLoses(shown)).toEqual([]);
    }
  });

  it("reads what an operator types as the schema's values: numbers, pairs, headers, a cleared filter unset", () => {
    const draft = draftOf(FULL);
    draft.tier = "3";
    draft.filters.loanAmount = { min: "", max: "" };
    draft.filters.military = "";
    draft.post.fields[1]!.values = "BIWEEKLY=bi_weekly, MONTHLY=monthly";
    draft.ping.headers = "Authorization: ********\nX-Other: a:b";
    const config = configOf(draft, FULL);
    expect(config).toMatchObject({ tier: 3 });
    expect((config.filters as Record<string, unknown>).loanAmount).toEqual({});
    expect((config.filters as Record<string, unknown>).military).toBeUndefined();
    expect((config.post as { fields: unknown[] }).fields[1]).toMatchObject({
      values: { BIWEEKLY: "bi_weekly", MONTHLY: "monthly" },
    });
    expect((config.ping as { headers: unknown }).headers).toEqual({ Authorization: MASKED_SECRET, "X-Other": "a:b" });
  });

  it("leaves an untouched lead quality filter unset, and gives back one stored empty or with unknown answers passing", () => {
    const { filters: _filters, ...bare } = FULL;
    expect(configOf(draftOf(bare), bare)).not.toHaveProperty("filters");
    const draft = draftOf(bare);
    expect(draft.filters.quality).toEqual({
      phoneLineTypes: [],
      emailDeliverable: false,
      noDisposableEmail: false,
      noRoleEmail: false,
      noVelocityFlag: false,
      addressMatch: false,
      certificateVerified: false,
      unknownPasses: true,
    });
    // Unknown answers passing is the default: ticked, it is written only where it was stored.
    draft.filters.quality.noRoleEmail = true;
    expect(configOf(draft, bare).filters).toEqual({ quality: { noRoleEmail: true } });
    for (const quality of [{}, { unknownPasses: true }, { addressMatch: false }]) {
      const stored = { ...bare, filters: { quality } };
      expect(settingsTheFormLoses(stored)).toEqual([]);
    }
  });

  it("names the settings it could not give back, so the configuration is edited as JSON", () => {
    const odd = { ...FULL, post: { ...FULL.post, fields: [{ to: "x", from: "email", values: { "A,B": "c" } }] } };
    // An empty state filter takes no lead; the form's empty control would read as any state.
    expect(settingsTheFormLoses({ ...FULL, filters: { states: [] } })).toEqual(["filters.states"]);
    // A blank sub id is refused by the schema; the form's blank cell reads as every sub id.
    const blankSub = { publishers: { mode: "allow", entries: [{ affId: "a", subId: "" }] } };
    expect(settingsTheFormLoses({ ...FULL, filters: blankSub })).toEqual(["filters.publishers.entries.0.subId"]);
    expect(settingsTheFormLoses(odd)).toEqual([
      "post.fields.0.values.A",
      "post.fields.0.values.A,B",
      "post.fields.0.values.B",
    ]);
  });
});
