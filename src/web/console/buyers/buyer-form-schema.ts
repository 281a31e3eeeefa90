import type { Control } from "react-hook-form";
import { z } from "zod";
import { buyerSaveRequest } from "#domain/contracts/console-buyers.ts";
import { configOf, draftOf, QUALITY_DEMANDS, type BuyerDraft } from "./buyer-draft.ts";

// The buyer form (docs/product/lender-network.md#file-and-console) has two views of one configuration: the form's
// controls (buyer-draft.ts) and the Advanced JSON. Either is checked by the schema BUYERS_FILE and the server use
// (buyerSaveRequest): in the form each message lands on the control that holds the value at fault; in the JSON
// every message is shown on it with the path inside (`post.fields.2.from: ...`).

type Json = Record<string, unknown>;

export type BuyerView = "form" | "json";

export type BuyerFormValues = {
  config: BuyerDraft;
  note: string;
  /** Which view is being edited: the one a save reads. */
  view: BuyerView;
  /** The Advanced JSON's text (the configuration, without the note). */
  json: string;
  /** The configuration the draft was loaded from, so untouched values go back exactly (buyer-draft.ts). */
  base: Json;
};

export function formValuesOf(config: Json | undefined, view: BuyerView = "form"): BuyerFormValues {
  const base = config ?? {};
  return { config: draftOf(config), note: "", view, json: view === "json" ? jsonText(base) : "", base };
}

export const jsonText = (config: unknown) => JSON.stringify(config, null, 2);

/** The configuration the form's view in use holds, or why the JSON cannot be read. */
export function configIn(values: BuyerFormValues): { ok: true; config: Json } | { ok: false; message: string } {
  if (values.view === "form") return { ok: true, config: configOf(values.config, values.base) };
  try {
    const parsed: unknown = JSON.parse(values.json);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return { ok: false, message: "must be one JSON object: the buyer's configuration" };
    return { ok: true, config: parsed as Json };
  } catch (error) {
    return { ok: false, message: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

const CALL_PARTS = [
  "url",
  "headers",
  "fields",
  "answer.format",
  "answer.success.path",
  "answer.success.equals",
  "answer.price",
  "answer.id",
  "answer.reason",
  "answer.redirectUrl",
];
const ROW_PARTS = ["to", "source", "second", "value", "transform", "separator", "values", "case", "type"];

const RULE_PARTS = ["states", "creditScores", "loanAmount.min", "loanAmount.max", "sources", "publishers", "price"];

/**
 * Every control a message can land on, by its name in the form (`#`: a row of a field mapping, publisher list, price
 * rules or state floors).
 */
const TARGETS = [
  ...["id", "name", "kind", "licensedStates", "mode", "protocol", "xmlRoot", "pricing.kind", "pricing.price"],
  ...["pricing.rules", ...RULE_PARTS.map((p) => `pricing.rules.#.${p}`), "stateFloors.#.floor"],
  ...["floor", "tier", "caps.hourly", "caps.daily", "caps.weekly", "caps.monthly", "timeZone", "schedule", "testMode"],
  ...["budget.daily", "budget.monthly", "pauseAfterPostErrors"],
  ...["kind", "creditLimit", "lowRoomAlert", "email", "invoicePeriod"].map((f) => `billing.${f}`),
  ...["timeoutMs", "duplicateWindowDays", "shadow", "returns.window_days", "returns.cap_percent"],
  ...["states", "loanAmount.min", "loanAmount.max", "minMonthlyIncome", "creditScores", "payFrequencies"].map(
    (f) => `filters.${f}`,
  ),
  ...["directDepositOnly", "age.min", "age.max", "military"].map((f) => `filters.${f}`),
  ...["mode", "entries", "entries.#.affId", "entries.#.subId"].map((f) => `filters.publishers.${f}`),
  ...["phoneLineTypes", ...QUALITY_DEMANDS, "unknownPasses"].map((f) => `filters.quality.${f}`),
  ...["ping", "post"].flatMap((call) => [
    ...CALL_PARTS.map((p) => `${call}.${p}`),
    ...ROW_PARTS.map((p) => `${call}.fields.#.${p}`),
  ]),
]
  .map((name) => `config.${name}`)
  .concat("note")
  .sort((a, b) => b.length - a.length);

// A whole part the schema refuses, or a part of a field map the form holds apart, is shown on the control an
// operator fills for it.
const ALIASES: [RegExp, string][] = [
  [/^config\.(ping|post)$/, "config.$1.url"],
  [/^config\.(ping|post)\.answer(\.success)?$/, "config.$1.answer.success.path"],
  [/^config\.(ping|post)\.fields\.(\d+)\.from\.1$/, "config.$1.fields.$2.second"],
  [/^config\.(ping|post)\.fields\.(\d+)(\.from(\.0)?)?$/, "config.$1.fields.$2.source"],
  [/^config\.pricing$/, "config.pricing.kind"],
  // A rule with no condition: on its first condition, where the operator adds one.
  [/^config\.pricing\.rules\.(\d+)$/, "config.pricing.rules.$1.states"],
  [/^config\.pricing\.rules\.(\d+)\.loanAmount$/, "config.pricing.rules.$1.loanAmount.min"],
  // Floors by state on a fixed price: on the choice of pricing.
  [/^config\.stateFloors$/, "config.pricing.kind"],
  [/^config\.billing$/, "config.billing.kind"],
  [/^config\.budget$/, "config.budget.daily"],
  [/^config\.filters\.(loanAmount|age)$/, "config.filters.$1.min"],
  [/^config\.filters\.publishers$/, "config.filters.publishers.mode"],
  [/^config\.filters\.quality$/, "config.filters.quality.phoneLineTypes"],
  [/^config\.filters\.publishers\.entries\.(\d+)$/, "config.filters.publishers.entries.$1.affId"],
];

/** A floor's path names its state (`config.stateFloors.CA`), the form's row by its place: the row holding the state. */
function stateFloorRow(path: string, draft: BuyerDraft | undefined): string {
  const state = /^config\.stateFloors\.([^.]+)$/.exec(path)?.[1];
  const row = state === undefined ? -1 : (draft?.stateFloors.findIndex((r) => r.state === state) ?? -1);
  return row < 0 ? path : `config.stateFloors.${row}.floor`;
}

/**
 * The form control a message of the schema (or of the server, which answers the same paths) belongs on, and the
 * message as shown there: prefixed with the path inside the control when it holds more than one value (a header,
 * a day of the opening hours). `draft` is the form's, for the rows a path names by a key (a state's floor).
 */
export function fieldOf(path: string, message: string, draft?: BuyerDraft): { name: string; message: string } {
  const alias = ALIASES.find(([pattern]) => pattern.test(path));
  const named = stateFloorRow(alias ? path.replace(alias[0], alias[1]) : path, draft);
  const generic = named.replace(/\.(fields|entries|rules|stateFloors)\.\d+(?=\.)/, ".$1.#");
  const target = TARGETS.find((t) => generic === t || generic.startsWith(`${t}.`));
  if (target) {
    const parts = named.split(".");
    const depth = target.split(".").length;
    const rest = parts.slice(depth).join(".");
    return { name: parts.slice(0, depth).join("."), message: rest ? `${rest}: ${message}` : message };
  }
  const within = TARGETS.filter((t) => !t.includes("#")).find((t) => t.startsWith(`${named}.`));
  return { name: within ?? "config.name", message: `${path.replace(/^config\./, "")}: ${message}` };
}

/** The JSON view's message for the schema's issues: each with its path inside the configuration. */
export const jsonMessage = (issues: { path: string; message: string }[]) =>
  issues.map(({ path, message }) => (path ? `${path.replace(/^config\.?/, "")}: ${message}` : message)).join("; ");

/** The form's schema: the view in use into the request, checked by the API's own (buyerSaveRequest). */
export const buyerFormSchema = z.custom<BuyerFormValues>().transform((values, ctx) => {
  const read = configIn(values);
  if (!read.ok) {
    ctx.addIssue({ code: "custom", path: ["json"], message: read.message, input: values });
    return z.NEVER;
  }
  const request = { config: read.config, note: values.note.trim() === "" ? undefined : values.note };
  const parsed = buyerSaveRequest.safeParse(request);
  if (parsed.success) return request as z.input<typeof buyerSaveRequest>;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  if (values.view === "json") {
    const own = issues.filter((issue) => !issue.path.startsWith("config"));
    for (const issue of own)
      ctx.addIssue({ code: "custom", path: issue.path.split("."), message: issue.message, input: values });
    if (own.length < issues.length)
      ctx.addIssue({
        code: "custom",
        path: ["json"],
        message: jsonMessage(issues.filter((i) => !own.includes(i))),
        input: values,
      });
    return z.NEVER;
  }
  const placed = new Set<string>();
  for (const issue of issues) {
    const { name, message } = fieldOf(issue.path, issue.message, values.config);
    if (placed.has(name)) continue;
    placed.add(name);
    ctx.addIssue({ code: "custom", path: name.split("."), message, input: values });
  }
  return z.NEVER;
});

/** The form's control, as every part of the buyer form takes it. */
export type BuyerControl = Control<BuyerFormValues, unknown, z.output<typeof buyerFormSchema>>;
