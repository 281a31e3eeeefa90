import { z } from "zod";
import { buyerSaveRequest } from "#domain/contracts/console-buyers.ts";

// The buyer form (docs/product/lender-network.md#file-and-console): its text fields become a configuration that
// the schema of BUYERS_FILE checks, through buyerSaveRequest, and each of the schema's messages lands on the
// field that holds the value at fault. The simple settings are fields of their own; the nested parts (the
// ping's and the post's fields, headers and answer, the filters, the schedule) are JSON text areas, where a
// message names the path inside (`fields.2.from: ...`).

/** A text input per simple setting, named by its path in the request. */
const TEXT_FIELDS = [
  "config.id",
  "config.name",
  "config.kind",
  "config.mode",
  "config.protocol",
  "config.xmlRoot",
  "config.licensedStates",
  "config.ping.url",
  "config.post.url",
  "config.pricing.kind",
  "config.pricing.price",
  "config.floor",
  "config.tier",
  "config.caps.hourly",
  "config.caps.daily",
  "config.caps.monthly",
  "config.timeZone",
  "config.testMode",
  "config.timeoutMs",
  "config.duplicateWindowDays",
  "config.shadow",
  "config.returns.window_days",
  "config.returns.cap_percent",
  "note",
] as const;

/** The JSON text areas, each holding the part of the configuration at its path (the url apart). */
const JSON_FIELDS = {
  "json.ping": "config.ping",
  "json.post": "config.post",
  "json.filters": "config.filters",
  "json.schedule": "config.schedule",
} as const;

type TextName = (typeof TEXT_FIELDS)[number];
type JsonName = keyof typeof JSON_FIELDS;

export type BuyerFormValues = {
  config: {
    id: string;
    name: string;
    kind: string;
    mode: string;
    protocol: string;
    xmlRoot: string;
    licensedStates: string;
    ping: { url: string };
    post: { url: string };
    pricing: { kind: string; price: string };
    floor: string;
    tier: string;
    caps: { hourly: string; daily: string; monthly: string };
    timeZone: string;
    testMode: string;
    timeoutMs: string;
    duplicateWindowDays: string;
    shadow: string;
    returns: { window_days: string; cap_percent: string };
  };
  json: { ping: string; post: string; filters: string; schedule: string };
  note: string;
  /** Kept from the configuration loaded (pausing is a button of its own, not a field). */
  enabled: boolean;
};

const NUMBERS = new Set<string>([
  "config.pricing.price",
  "config.floor",
  "config.tier",
  "config.caps.hourly",
  "config.caps.daily",
  "config.caps.monthly",
  "config.timeoutMs",
  "config.duplicateWindowDays",
  "config.returns.window_days",
  "config.returns.cap_percent",
]);

function read(values: unknown, path: string): string {
  let node = values;
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : "";
}

function put(target: Record<string, unknown>, path: string, value: unknown) {
  if (value === undefined) return;
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

/** A field's text as the schema should see it: empty is unset (the schema's default), numbers as numbers. */
function typed(name: TextName, text: string): unknown {
  const value = text.trim();
  if (value === "") return undefined;
  if (name === "config.shadow") return value === "yes";
  if (name === "config.licensedStates") return value.split(/[\s,]+/).filter(Boolean);
  if (NUMBERS.has(name)) return Number.isFinite(Number(value)) ? Number(value) : value;
  return value;
}

/** The request the form's values make, or the JSON areas that do not parse. */
export function requestOf(values: BuyerFormValues): { request: Record<string, unknown>; badJson: JsonName[] } {
  const request: Record<string, unknown> = {};
  const badJson: JsonName[] = [];
  for (const [name, path] of Object.entries(JSON_FIELDS) as [JsonName, string][]) {
    const text = read(values, name).trim();
    if (!text) continue;
    try {
      put(request, path, JSON.parse(text));
    } catch {
      badJson.push(name);
    }
  }
  for (const name of TEXT_FIELDS) {
    if (name === "config.pricing.price" && read(values, "config.pricing.kind") !== "fixed") continue;
    put(request, name, typed(name, read(values, name)));
  }
  put(request, "config.enabled", values.enabled);
  // A direct-post buyer with nothing for a ping has none.
  const ping = (request.config as Record<string, unknown>).ping as Record<string, unknown> | undefined;
  if (ping && Object.keys(ping).length === 0) delete (request.config as Record<string, unknown>).ping;
  return { request, badJson };
}

// A whole part the schema refuses (`ping` missing) is shown on the field an operator fills first for it.
const PART_FIELDS: Record<string, string> = { "config.ping": "config.ping.url", "config.post": "config.post.url" };

/**
 * The form field a message of the schema (or of the server, which answers the same paths) belongs on, and the
 * message as shown there: inside a JSON area, prefixed with its path in that part.
 */
export function fieldOf(path: string, message: string): { name: string; message: string } {
  if (PART_FIELDS[path]) return { name: PART_FIELDS[path], message };
  if ((TEXT_FIELDS as readonly string[]).includes(path)) return { name: path, message };
  const text = TEXT_FIELDS.filter((name) => path.startsWith(`${name}.`)).sort((a, b) => b.length - a.length)[0];
  if (text) return { name: text, message };
  for (const [name, part] of Object.entries(JSON_FIELDS)) {
    if (path.startsWith(`${part}.`)) return { name, message: `${path.slice(part.length + 1)}: ${message}` };
  }
  const child = TEXT_FIELDS.find((name) => name.startsWith(`${path}.`));
  return { name: child ?? "config.name", message: child ? message : `${path}: ${message}` };
}

/** The form's schema: its values into the request, checked by the API's own (buyerSaveRequest). */
export const buyerFormSchema = z.custom<BuyerFormValues>().transform((values, ctx) => {
  const { request, badJson } = requestOf(values);
  for (const name of badJson)
    ctx.addIssue({ code: "custom", path: name.split("."), message: "is not valid JSON", input: values });
  const parsed = buyerSaveRequest.safeParse(request);
  if (!parsed.success) {
    const placed = new Set<string>();
    for (const issue of parsed.error.issues) {
      const { name, message } = fieldOf(issue.path.join("."), issue.message);
      if (placed.has(name) || badJson.includes(name as JsonName)) continue;
      placed.add(name);
      ctx.addIssue({ code: "custom", path: name.split("."), message, input: values });
    }
  }
  if (badJson.length || !parsed.success) return z.NEVER;
  return request as z.input<typeof buyerSaveRequest>;
});

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const json = (v: unknown) => (v === undefined ? "" : JSON.stringify(v, null, 2));
const withoutUrl = (spec: unknown) => {
  if (!spec || typeof spec !== "object") return undefined;
  const { url: _url, ...rest } = spec as Record<string, unknown>;
  return rest;
};

/** The form's values for a configuration (as the console shows it: credentials masked), or for a new buyer. */
export function formValuesOf(config: Record<string, unknown> | undefined): BuyerFormValues {
  const c: unknown = config ?? {};
  const get = (path: string) => {
    let node: unknown = c;
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return node;
  };
  const states = get("licensedStates");
  return {
    config: {
      id: text(get("id")),
      name: text(get("name")),
      kind: text(get("kind") ?? "lead_buyer"),
      mode: text(get("mode") ?? "ping_post"),
      protocol: text(get("protocol") ?? "json"),
      xmlRoot: text(get("xmlRoot")),
      licensedStates: Array.isArray(states) ? states.join(", ") : "",
      ping: { url: text(get("ping.url")) },
      post: { url: text(get("post.url")) },
      pricing: { kind: text(get("pricing.kind") ?? "bid"), price: text(get("pricing.price")) },
      floor: text(get("floor")),
      tier: text(get("tier")),
      caps: { hourly: text(get("caps.hourly")), daily: text(get("caps.daily")), monthly: text(get("caps.monthly")) },
      timeZone: text(get("timeZone")),
      testMode: text(get("testMode") ?? "live"),
      timeoutMs: text(get("timeoutMs")),
      duplicateWindowDays: text(get("duplicateWindowDays")),
      shadow: get("shadow") === true ? "yes" : "no",
      returns: { window_days: text(get("returns.window_days")), cap_percent: text(get("returns.cap_percent")) },
    },
    json: {
      ping: json(
        withoutUrl(get("ping")) ?? (config ? undefined : { fields: [], answer: { success: { path: "", equals: [] } } }),
      ),
      post: json(withoutUrl(get("post")) ?? { fields: [], answer: { success: { path: "", equals: [] } } }),
      filters: json(get("filters")),
      schedule: json(get("schedule")),
    },
    note: "",
    enabled: get("enabled") !== false,
  };
}
