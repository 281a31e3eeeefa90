import type { IncomeSource } from "../options.ts";
import { LEAD_FIELDS, SERVER_FIELDS, type ClientField, type LeadFields, type ServerField } from "./lead-fields.ts";

// Names derived from the registry (lead-fields.ts): client <-> server, and the step-body aliases. The
// browser holds client names; everything on the wire uses server names or, in step bodies, an alias.

export const CLIENT_TO_SERVER = Object.fromEntries(SERVER_FIELDS.map((s) => [LEAD_FIELDS[s].client, s])) as {
  [S in ServerField as LeadFields[S]["client"]]: S;
};

export const SERVER_TO_CLIENT = Object.fromEntries(SERVER_FIELDS.map((s) => [s, LEAD_FIELDS[s].client])) as {
  [S in ServerField]: LeadFields[S]["client"];
};

type Aliased = { [S in ServerField]: LeadFields[S] extends { aliases: readonly string[] } ? S : never }[ServerField];
export type WireAlias = {
  [S in Aliased]: LeadFields[S] extends { aliases: readonly (infer A)[] } ? A : never;
}[Aliased];

/** Step-body alias -> server field. */
export const WIRE_ALIASES = Object.fromEntries(
  SERVER_FIELDS.flatMap((s) => ((LEAD_FIELDS[s] as { aliases?: readonly string[] }).aliases ?? []).map((a) => [a, s])),
) as Record<WireAlias, ServerField>;

/** The server field a wire name stands for: a server name, one of its aliases, or the client name. */
export function serverFieldOf(wireName: string): ServerField | undefined {
  if (Object.hasOwn(WIRE_ALIASES, wireName)) return WIRE_ALIASES[wireName as WireAlias];
  if (Object.hasOwn(LEAD_FIELDS, wireName)) return wireName as ServerField;
  if (Object.hasOwn(CLIENT_TO_SERVER, wireName)) return CLIENT_TO_SERVER[wireName as ClientField];
  return undefined;
}

/**
 * The zip's position (docs/product/lead-fields.md: zipPosition, latitude and longitude) is one object in the browser
 * and two server fields, latitude and longitude; the two functions below convert it.
 */
type ZipPosition = { lat: number; long: number };
const ZIP_POSITION_FIELDS = { client: "zipPosition", latitude: "latitude", longitude: "longitude" } as const;

const isZipPosition = (v: unknown): v is ZipPosition =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ZipPosition).lat === "number" &&
  typeof (v as ZipPosition).long === "number";

/** Client names to server names; names outside the registry pass through unchanged. */
export function toServerFields(client: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(client)) {
    if (key === ZIP_POSITION_FIELDS.client && isZipPosition(value)) {
      out[ZIP_POSITION_FIELDS.latitude] = value.lat;
      out[ZIP_POSITION_FIELDS.longitude] = value.long;
      continue;
    }
    const server = Object.hasOwn(CLIENT_TO_SERVER, key) ? CLIENT_TO_SERVER[key as ClientField] : key;
    out[server] = value;
  }
  return out;
}

/** Server names to client names; names outside the registry pass through unchanged. */
export function toClientFields(server: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(server)) {
    const client = Object.hasOwn(SERVER_TO_CLIENT, key) ? SERVER_TO_CLIENT[key as ServerField] : key;
    out[client] = value;
  }
  const lat = server[ZIP_POSITION_FIELDS.latitude];
  const long = server[ZIP_POSITION_FIELDS.longitude];
  if (typeof lat === "number" && typeof long === "number") {
    delete out[ZIP_POSITION_FIELDS.latitude];
    delete out[ZIP_POSITION_FIELDS.longitude];
    out[ZIP_POSITION_FIELDS.client] = { lat, long } satisfies ZipPosition;
  }
  return out;
}

/** Every name a field goes by: server, client and aliases (the log redaction list uses them). */
function namesOf(field: ServerField): string[] {
  const spec = LEAD_FIELDS[field] as { client: string; aliases?: readonly string[] };
  return [...new Set([field, spec.client, ...(spec.aliases ?? [])])];
}

// docs/product/behaviour.md: MILITARY income is sent as SELF_EMPLOYMENT with activeMilitary YES; anything else NO.
export function incomeForWire(source: IncomeSource): {
  incomeType: Exclude<IncomeSource, "MILITARY">;
  activeMilitary: "YES" | "NO";
} {
  return source === "MILITARY"
    ? { incomeType: "SELF_EMPLOYMENT", activeMilitary: "YES" }
    : { incomeType: source, activeMilitary: "NO" };
}

/** The inverse: the income source a visitor chose, from the stored incomeType and activeMilitary. */
export function incomeFromWire(incomeType: string, activeMilitary: string | null | undefined): string {
  return incomeType === "SELF_EMPLOYMENT" && activeMilitary === "YES" ? "MILITARY" : incomeType;
}

/**
 * Every name of every field the registry marks `personal` (each contact and restricted field): never logged.
 * The server's logger redacts them; a client log filter can take the same list.
 */
export const PERSONAL_FIELD_NAMES: readonly string[] = SERVER_FIELDS.filter((f) => LEAD_FIELDS[f].personal).flatMap(
  namesOf,
);
