import { buyerSchema } from "./buyer-schema.ts";

// What changed between two versions of a buyer's configuration, as dotted paths of the values that differ
// (`ping.url`, `post.fields.2.to`, `caps.daily`): the audit log keeps the paths, never the values, and the
// console's version list shows them beside the two (masked) values.

type Json = unknown;

/**
 * A stored configuration as the auction reads it: the schema's defaults filled in (`shadow: false`, `returns`'
 * window and cap...). A version saved before a setting existed, or a row written without it, holds the default
 * all the same, so it is compared with its default, not with "unset". One that no longer passes stays as stored.
 */
export function settingsOf(config: Json): Json {
  const parsed = buyerSchema.safeParse(config);
  return parsed.success ? parsed.data : config;
}

/** The settings that differ between two configurations, each read as in force (settingsOf). */
export const changedSettings = (before: Json, after: Json): string[] =>
  changedPaths(settingsOf(before), settingsOf(after));

const isPlain = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

export function changedPaths(before: Json, after: Json, prefix = ""): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      out.push(...changedPaths(before[i], after[i], prefix ? `${prefix}.${i}` : String(i)));
    return out;
  }
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix || "(all)"];
}

/** The value at a dotted path, for showing a change (undefined when the path is not there). */
export function valueAt(config: Json, path: string): Json {
  let node = config;
  for (const part of path.split(".")) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isPlain(node)) node = node[part];
    else return undefined;
  }
  return node;
}
