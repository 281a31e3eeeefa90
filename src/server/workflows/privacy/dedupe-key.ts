import { createHash } from "node:crypto";

/** Text compared the way a person means it: trimmed, inner spaces collapsed, case ignored. */
function normalizeText(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLowerCase();
}

// The same request sent twice is one request (issue 3): two requests are the same when every field is
// equal once case, spacing and the phone's formatting are set aside. A request that says something
// different (another reason, a corrected address) is recorded as its own.
export function dedupeKey(kind: string, fields: Record<string, string>): string {
  const normalized = Object.keys(fields)
    .sort()
    .map((key) => [key, key === "phone" ? fields[key]!.replace(/\D/g, "") : normalizeText(fields[key]!)]);
  return createHash("sha256")
    .update(JSON.stringify([kind, normalized]))
    .digest("hex");
}
