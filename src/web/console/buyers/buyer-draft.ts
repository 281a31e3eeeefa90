import { changedPaths } from "#domain/buyers/config-diff.ts";
import { TRANSFORMS, type TransformName } from "#domain/buyers/transforms.ts";
import type { QualityFilter } from "#domain/screening/quality-checks.ts";
import type { WeekHours } from "./schedule-hours.ts";

// A buyer's configuration as the form holds it (docs/product/lender-network.md#buyers): the same shape as the schema
// (src/domain/buyers/buyer-schema.ts), so a message's path is the path of the field it belongs on, but with text
// where an operator types (numbers are text until saved, a field map's translations are "ours=theirs" pairs) and
// lists where a control picks several. `configOf` turns it back against the configuration it was loaded from (the
// base): a value whose text is unchanged goes back exactly as stored (the number 1 stays a number, "1" a string),
// so loading and saving changes nothing that was not touched.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const at = (node: unknown, key: string): unknown => (isObject(node) ? node[key] : undefined);

/** The source choice of a field map that sends a fixed value instead of a lead field. */
export const FIXED_VALUE = "(fixed)";

export type FieldRow = {
  to: string;
  /** A lead field (buyer-fields.ts), FIXED_VALUE, or "" when none is chosen yet. */
  source: string;
  /** The second field of a transform that reads two (join, first_present). */
  second: string;
  value: string;
  transform: string;
  separator: string;
  case: string;
  type: string;
  /** Our value -> theirs, as "BIWEEKLY=bi_weekly, YES=1". */
  values: string;
  /** The field map it was loaded from (empty for a new row): its typed values are kept while their text is. */
  kept: Json;
};

/** A buyer's yes-or-no demands on the gate's answers (docs/product/screening.md#what-buyers-see). */
export const QUALITY_DEMANDS = [
  "emailDeliverable",
  "noDisposableEmail",
  "noRoleEmail",
  "noVelocityFlag",
  "addressMatch",
  "certificateVerified",
] as const satisfies readonly (keyof QualityFilter)[];
type QualityDemand = (typeof QUALITY_DEMANDS)[number];

/**
 * A fixed-price buyer's price rule (src/domain/buyers/price-rules.ts): its conditions, each unset when empty, and its
 * price. `kept` is the rule it was loaded from, whose typed values are kept while their text is.
 */
export type PriceRuleRow = {
  states: string[];
  creditScores: string[];
  loanAmount: { min: string; max: string };
  sources: string[];
  publishers: string[];
  price: string;
  kept: Json;
};

/** A bidding buyer's floor in one state (stateFloors): the state, and the floor in dollars as typed. */
type StateFloorRow = { state: string; floor: string };

/** A publisher of a buyer's allow or deny list: its aff_id, and one sub id or "" for all of them. */
export type PublisherRow = { affId: string; subId: string };

export const emptyPublisherRow = (): PublisherRow => ({ affId: "", subId: "" });

type CallDraft = {
  url: string;
  /** One header a line, "Name: value". */
  headers: string;
  fields: FieldRow[];
  answer: {
    format: string;
    success: { path: string; equals: string[] };
    price: string;
    id: string;
    reason: string;
    redirectUrl: string;
  };
};

export type BuyerDraft = {
  id: string;
  name: string;
  kind: string;
  licensedStates: string[];
  mode: string;
  protocol: string;
  xmlRoot: string;
  ping: CallDraft;
  post: CallDraft;
  pricing: { kind: string; price: string; rules: PriceRuleRow[] };
  floor: string;
  /** Kept in state order of their rows; only a bidder's are saved. */
  stateFloors: StateFloorRow[];
  tier: string;
  caps: { hourly: string; daily: string; weekly: string; monthly: string };
  budget: { daily: string; monthly: string };
  /** How it pays (src/domain/buyers/billing.ts): the credit limit is shown and saved on credit only. */
  billing: { kind: string; creditLimit: string; lowRoomAlert: string; email: string; invoicePeriod: string };
  pauseAfterPostErrors: string;
  timeZone: string;
  /** Unlimited: always open (no schedule); limited: open at `days` only. */
  schedule: { limited: boolean; days: WeekHours };
  filters: {
    states: string[];
    loanAmount: { min: string; max: string };
    minMonthlyIncome: string;
    creditScores: string[];
    payFrequencies: string[];
    directDepositOnly: boolean;
    age: { min: string; max: string };
    /** "" either, "yes" active military only, "no" none. */
    military: string;
    /** "" no list, else allow or deny `entries` (src/domain/buyers/publisher-filter.ts). */
    publishers: { mode: string; entries: PublisherRow[] };
    /** Its demands on the gate's answers (qualityFilterSchema): none ticked and nothing chosen is no demand. */
    quality: Record<QualityDemand, boolean> & {
      phoneLineTypes: string[];
      /** On unless stored false: a lead whose answer is unknown passes a demand. */
      unknownPasses: boolean;
    };
  };
  testMode: string;
  timeoutMs: string;
  duplicateWindowDays: string;
  shadow: boolean;
  returns: { window_days: string; cap_percent: string };
  enabled: boolean;
};

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const texts = (v: unknown) => (Array.isArray(v) ? v.map(text) : []);

/** The stored value while its text is unchanged; otherwise the text, read by `read` (a number as a number). */
function keep(value: string, stored: unknown, read: (text: string) => unknown = (t) => t): unknown {
  if (stored !== undefined && !isObject(stored) && !Array.isArray(stored) && text(stored) === value) return stored;
  return read(value);
}

const asNumber = (t: string) => (Number.isFinite(Number(t)) ? Number(t) : t);

/** A number field: unset when empty. */
const num = (value: string, stored: unknown) =>
  value.trim() === "" ? undefined : keep(value.trim(), stored, asNumber);
/** A text field: unset when empty. */
const str = (value: string, stored: unknown) => (value.trim() === "" ? undefined : keep(value.trim(), stored));
/**
 * A list: unset when empty. A list stored empty is not given back: an empty state filter takes no lead at all, where
 * an empty control reads as "any", so such a configuration is edited as JSON (settingsTheFormLoses).
 */
const list = (values: string[], stored: unknown) =>
  values.length
    ? values.map((v) => keep(v, Array.isArray(stored) ? stored.find((s) => text(s) === v) : undefined))
    : undefined;
/** A switch whose default is off: false only where it was stored false. */
const flag = (on: boolean, stored: unknown) => (on ? true : stored === false ? false : undefined);

/** A switch whose default is on: false when off, true only where it was stored true. */
const flagOn = (on: boolean, stored: unknown) => (on ? (stored === true ? true : undefined) : false);

/** An object of optional parts: unset when none is set, unless it was stored (then as {}). */
function part(entries: Record<string, unknown>, stored: unknown): Json | undefined {
  const set = Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
  return Object.keys(set).length || isObject(stored) ? set : undefined;
}

function publishersDraftOf(list: unknown): BuyerDraft["filters"]["publishers"] {
  const entries = at(list, "entries");
  return {
    mode: text(at(list, "mode")),
    entries: Array.isArray(entries)
      ? entries.map((e) => ({ affId: text(at(e, "affId")), subId: text(at(e, "subId")) }))
      : [],
  };
}

/** No list when no mode is chosen (its rows are dropped); a row's blank sub id covers every sub id. */
function publishersOf(draft: BuyerDraft["filters"]["publishers"]): Json | undefined {
  if (draft.mode === "") return undefined;
  return {
    mode: draft.mode,
    entries: draft.entries.map((row) => part({ affId: row.affId.trim(), subId: str(row.subId, undefined) }, {})),
  };
}

const pairsText = (values: unknown) =>
  isObject(values)
    ? Object.entries(values)
        .map(([ours, theirs]) => `${ours}=${text(theirs)}`)
        .join(", ")
    : "";

function pairsOf(value: string, stored: unknown): Json | undefined {
  const pairs = value
    .split(",")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 ? [pair, ""] : [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
    });
  if (!pairs.length) return isObject(stored) ? {} : undefined;
  return Object.fromEntries(pairs.map(([ours, theirs]) => [ours, keep(theirs!, at(stored, ours!))]));
}

export const readsTwo = (transform: string) =>
  Object.hasOwn(TRANSFORMS, transform) && TRANSFORMS[transform as TransformName].sources === 2;

function rowOf(map: unknown): FieldRow {
  const from = at(map, "from");
  const value = at(map, "value");
  return {
    to: text(at(map, "to")),
    source: value !== undefined ? FIXED_VALUE : Array.isArray(from) ? text(from[0]) : text(from),
    second: Array.isArray(from) ? text(from[1]) : "",
    value: text(value),
    transform: text(at(map, "transform")),
    separator: text(at(map, "separator")),
    case: text(at(map, "case")),
    type: text(at(map, "type")),
    values: pairsText(at(map, "values")),
    kept: isObject(map) ? map : {},
  };
}

export const emptyRow = (): FieldRow => rowOf({});

export function fieldMapOf(row: FieldRow): Json {
  const k = row.kept;
  const fixed = row.source === FIXED_VALUE;
  const source = str(row.source, Array.isArray(k.from) ? undefined : k.from);
  const out = part(
    {
      to: row.to.trim(),
      from: fixed || source === undefined ? undefined : readsTwo(row.transform) ? [row.source, row.second] : source,
      value: fixed ? keep(row.value, k.value) : undefined,
      transform: str(row.transform, k.transform),
      separator:
        row.transform === "join" ? (row.separator === "" && k.separator !== "" ? undefined : row.separator) : undefined,
      values: pairsOf(row.values, k.values),
      case: str(row.case, k.case),
      type: str(row.type, k.type),
    },
    {},
  );
  return out ?? {};
}

function ruleRowOf(rule: unknown): PriceRuleRow {
  const amount = at(rule, "loanAmount");
  return {
    states: texts(at(rule, "states")),
    creditScores: texts(at(rule, "creditScores")),
    loanAmount: { min: text(at(amount, "min")), max: text(at(amount, "max")) },
    sources: texts(at(rule, "sources")),
    publishers: texts(at(rule, "publishers")),
    price: text(at(rule, "price")),
    kept: isObject(rule) ? rule : {},
  };
}

export const emptyRuleRow = (): PriceRuleRow => ruleRowOf({});

/**
 * A rule as the schema reads it: a condition left empty is no condition (an amount range without either end too), so a
 * rule with none is refused by the schema on its row.
 */
function priceRuleOf(row: PriceRuleRow): Json {
  const k = row.kept;
  return (
    part(
      {
        states: list(row.states, k.states),
        creditScores: list(row.creditScores, k.creditScores),
        loanAmount: part(
          {
            min: num(row.loanAmount.min, at(k.loanAmount, "min")),
            max: num(row.loanAmount.max, at(k.loanAmount, "max")),
          },
          undefined,
        ),
        sources: list(row.sources, k.sources),
        publishers: list(row.publishers, k.publishers),
        price: num(row.price, k.price),
      },
      {},
    ) ?? {}
  );
}

const stateFloorRowsOf = (floors: unknown): StateFloorRow[] =>
  isObject(floors) ? Object.entries(floors).map(([state, floor]) => ({ state, floor: text(floor) })) : [];

/** A bidder's floors by state; an empty floor stays unset for the schema to refuse on its row. */
function stateFloorsOf(rows: StateFloorRow[], stored: unknown): Json | undefined {
  if (!rows.length) return isObject(stored) ? {} : undefined;
  return Object.fromEntries(rows.map((row) => [row.state, num(row.floor, at(stored, row.state))]));
}

function headersText(headers: unknown): string {
  return isObject(headers)
    ? Object.entries(headers)
        .map(([name, value]) => `${name}: ${text(value)}`)
        .join("\n")
    : "";
}

function headersOf(value: string, stored: unknown): Json | undefined {
  const lines = value.split("\n").filter((line) => line.trim() !== "");
  if (!lines.length) return isObject(stored) ? {} : undefined;
  return Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return colon < 0 ? [line.trim(), ""] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

function callDraftOf(call: unknown): CallDraft {
  const answer = at(call, "answer");
  const success = at(answer, "success");
  return {
    url: text(at(call, "url")),
    headers: headersText(at(call, "headers")),
    fields: Array.isArray(at(call, "fields")) ? (at(call, "fields") as unknown[]).map(rowOf) : [],
    answer: {
      format: text(at(answer, "format")),
      success: { path: text(at(success, "path")), equals: texts(at(success, "equals")) },
      price: text(at(answer, "price")),
      id: text(at(answer, "id")),
      reason: text(at(answer, "reason")),
      redirectUrl: text(at(answer, "redirectUrl")),
    },
  };
}

function callOf(draft: CallDraft, stored: unknown, optional: boolean): Json | undefined {
  const a = draft.answer;
  const storedAnswer = at(stored, "answer");
  const storedEquals = at(at(storedAnswer, "success"), "equals");
  const empty =
    !draft.url.trim() &&
    !draft.headers.trim() &&
    !draft.fields.length &&
    !a.success.path.trim() &&
    !a.success.equals.length &&
    ![a.format, a.price, a.id, a.reason, a.redirectUrl].some((v) => v.trim());
  // A ping with nothing in it is no ping (a direct post buyer, or one whose ping was cleared).
  if (optional && empty) return undefined;
  return part(
    {
      url: draft.url.trim(),
      fields: draft.fields.map(fieldMapOf),
      headers: headersOf(draft.headers, at(stored, "headers")),
      answer: part(
        {
          format: str(a.format, at(storedAnswer, "format")),
          success: {
            path: a.success.path.trim(),
            equals: a.success.equals.map((v) =>
              keep(v, Array.isArray(storedEquals) ? storedEquals.find((s) => text(s) === v) : undefined),
            ),
          },
          price: str(a.price, at(storedAnswer, "price")),
          id: str(a.id, at(storedAnswer, "id")),
          reason: str(a.reason, at(storedAnswer, "reason")),
          redirectUrl: str(a.redirectUrl, at(storedAnswer, "redirectUrl")),
        },
        {},
      ),
    },
    {},
  );
}

/**
 * How the buyer pays: its defaults (unbilled, monthly invoices) written only where they were stored, and a credit limit
 * only on credit, as the form shows it. The alert, its address and the invoices' period are kept whatever the kind: a
 * buyer's configuration as the server shows it has them filled in (a monthly period), billed or not.
 */
function billingOf(d: BuyerDraft["billing"], stored: unknown): Json | undefined {
  return part(
    {
      kind: d.kind === "none" && at(stored, "kind") === undefined ? undefined : d.kind,
      creditLimit: d.kind === "credit" ? num(d.creditLimit, at(stored, "creditLimit")) : undefined,
      lowRoomAlert: num(d.lowRoomAlert, at(stored, "lowRoomAlert")),
      email: str(d.email, at(stored, "email")),
      invoicePeriod:
        d.invoicePeriod === "monthly" && at(stored, "invoicePeriod") === undefined ? undefined : d.invoicePeriod,
    },
    stored,
  );
}

/** The form's draft of a configuration (as the console shows it: credentials masked), or of a new buyer. */
export function draftOf(config: Json | undefined): BuyerDraft {
  const c: Json = config ?? {};
  const get = (path: string) => path.split(".").reduce<unknown>((node, key) => at(node, key), c);
  const schedule = get("schedule");
  return {
    id: text(get("id")),
    name: text(get("name")),
    kind: text(get("kind") ?? "lead_buyer"),
    licensedStates: texts(get("licensedStates")),
    mode: text(get("mode") ?? "ping_post"),
    protocol: text(get("protocol") ?? "json"),
    xmlRoot: text(get("xmlRoot")),
    ping: callDraftOf(get("ping")),
    post: callDraftOf(get("post")),
    pricing: {
      kind: text(get("pricing.kind") ?? "bid"),
      price: text(get("pricing.price")),
      rules: Array.isArray(get("pricing.rules")) ? (get("pricing.rules") as unknown[]).map(ruleRowOf) : [],
    },
    floor: text(get("floor")),
    stateFloors: stateFloorRowsOf(get("stateFloors")),
    tier: text(get("tier")),
    caps: {
      hourly: text(get("caps.hourly")),
      daily: text(get("caps.daily")),
      weekly: text(get("caps.weekly")),
      monthly: text(get("caps.monthly")),
    },
    budget: { daily: text(get("budget.daily")), monthly: text(get("budget.monthly")) },
    billing: {
      kind: text(get("billing.kind") ?? "none"),
      creditLimit: text(get("billing.creditLimit")),
      lowRoomAlert: text(get("billing.lowRoomAlert")),
      email: text(get("billing.email")),
      invoicePeriod: text(get("billing.invoicePeriod") ?? "monthly"),
    },
    pauseAfterPostErrors: text(get("pauseAfterPostErrors")),
    timeZone: text(get("timeZone")),
    schedule: {
      limited: schedule !== undefined,
      days: isObject(schedule) ? (structuredClone(schedule) as WeekHours) : {},
    },
    filters: {
      states: texts(get("filters.states")),
      loanAmount: { min: text(get("filters.loanAmount.min")), max: text(get("filters.loanAmount.max")) },
      minMonthlyIncome: text(get("filters.minMonthlyIncome")),
      creditScores: texts(get("filters.creditScores")),
      payFrequencies: texts(get("filters.payFrequencies")),
      directDepositOnly: get("filters.directDepositOnly") === true,
      age: { min: text(get("filters.age.min")), max: text(get("filters.age.max")) },
      military: get("filters.military") === true ? "yes" : get("filters.military") === false ? "no" : "",
      publishers: publishersDraftOf(get("filters.publishers")),
      quality: {
        phoneLineTypes: texts(get("filters.quality.phoneLineTypes")),
        ...(Object.fromEntries(QUALITY_DEMANDS.map((k) => [k, get(`filters.quality.${k}`) === true])) as Record<
          QualityDemand,
          boolean
        >),
        unknownPasses: get("filters.quality.unknownPasses") !== false,
      },
    },
    testMode: text(get("testMode") ?? "live"),
    timeoutMs: text(get("timeoutMs")),
    duplicateWindowDays: text(get("duplicateWindowDays")),
    shadow: get("shadow") === true,
    returns: { window_days: text(get("returns.window_days")), cap_percent: text(get("returns.cap_percent")) },
    enabled: get("enabled") !== false,
  };
}

/** The configuration a draft makes, against the one it was loaded from (see the top of this file). */
export function configOf(d: BuyerDraft, base: Json = {}): Json {
  const b = (path: string) => path.split(".").reduce<unknown>((node, key) => at(node, key), base);
  const f = d.filters;
  return part(
    {
      id: d.id.trim(),
      name: d.name.trim(),
      enabled: d.enabled ? b("enabled") : false,
      kind: d.kind,
      licensedStates: list(d.licensedStates, b("licensedStates")),
      mode: d.mode,
      protocol: d.protocol,
      xmlRoot: str(d.xmlRoot, b("xmlRoot")),
      ping: callOf(d.ping, b("ping"), true),
      post: callOf(d.post, b("post"), false),
      filters: part(
        {
          states: list(f.states, b("filters.states")),
          loanAmount: part(
            {
              min: num(f.loanAmount.min, b("filters.loanAmount.min")),
              max: num(f.loanAmount.max, b("filters.loanAmount.max")),
            },
            b("filters.loanAmount"),
          ),
          minMonthlyIncome: num(f.minMonthlyIncome, b("filters.minMonthlyIncome")),
          creditScores: list(f.creditScores, b("filters.creditScores")),
          payFrequencies: list(f.payFrequencies, b("filters.payFrequencies")),
          directDepositOnly: flag(f.directDepositOnly, b("filters.directDepositOnly")),
          age: part(
            { min: num(f.age.min, b("filters.age.min")), max: num(f.age.max, b("filters.age.max")) },
            b("filters.age"),
          ),
          military: f.military === "yes" ? true : f.military === "no" ? false : undefined,
          publishers: publishersOf(f.publishers),
          // Untouched, no demands: left unset rather than written as {}.
          quality: part(
            {
              phoneLineTypes: list(f.quality.phoneLineTypes, b("filters.quality.phoneLineTypes")),
              ...Object.fromEntries(QUALITY_DEMANDS.map((k) => [k, flag(f.quality[k], b(`filters.quality.${k}`))])),
              unknownPasses: flagOn(f.quality.unknownPasses, b("filters.quality.unknownPasses")),
            },
            b("filters.quality"),
          ),
        },
        b("filters"),
      ),
      testMode: d.testMode === "live" && b("testMode") === undefined ? undefined : d.testMode,
      // Rules are a fixed price's, floors by state a bidder's: the other kind's, hidden, are not saved.
      pricing:
        d.pricing.kind === "fixed"
          ? {
              kind: "fixed",
              price: num(d.pricing.price, b("pricing.price")),
              rules: d.pricing.rules.length
                ? d.pricing.rules.map(priceRuleOf)
                : Array.isArray(b("pricing.rules")) && !(b("pricing.rules") as unknown[]).length
                  ? []
                  : undefined,
            }
          : { kind: d.pricing.kind },
      floor: num(d.floor, b("floor")),
      stateFloors: d.pricing.kind === "fixed" ? undefined : stateFloorsOf(d.stateFloors, b("stateFloors")),
      tier: num(d.tier, b("tier")),
      caps: part(
        {
          hourly: num(d.caps.hourly, b("caps.hourly")),
          daily: num(d.caps.daily, b("caps.daily")),
          weekly: num(d.caps.weekly, b("caps.weekly")),
          monthly: num(d.caps.monthly, b("caps.monthly")),
        },
        b("caps"),
      ),
      budget: part(
        { daily: num(d.budget.daily, b("budget.daily")), monthly: num(d.budget.monthly, b("budget.monthly")) },
        b("budget"),
      ),
      billing: billingOf(d.billing, b("billing")),
      pauseAfterPostErrors: num(d.pauseAfterPostErrors, b("pauseAfterPostErrors")),
      timeZone: str(d.timeZone, b("timeZone")),
      schedule: d.schedule.limited ? d.schedule.days : undefined,
      timeoutMs: num(d.timeoutMs, b("timeoutMs")),
      duplicateWindowDays: num(d.duplicateWindowDays, b("duplicateWindowDays")),
      shadow: flag(d.shadow, b("shadow")),
      returns: part(
        {
          window_days: num(d.returns.window_days, b("returns.window_days")),
          cap_percent: num(d.returns.cap_percent, b("returns.cap_percent")),
        },
        b("returns"),
      ),
    },
    {},
  ) as Json;
}

/**
 * The settings of a configuration the form cannot hold exactly (a translation whose name has a comma, a field map
 * with both a field and a value): none for what an operator or BUYERS_FILE normally writes. Such a configuration
 * is edited as JSON, where nothing is lost.
 */
export const settingsTheFormLoses = (config: Json): string[] => changedPaths(config, configOf(draftOf(config), config));
