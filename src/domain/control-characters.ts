// C0 control characters and DEL, except tab, line feed and carriage return. No field of the product can
// hold them meaningfully, PostgreSQL refuses NUL in text outright, and they hide text from whoever reads
// a lead later, so every input is checked for them (and for broken Unicode) before any other rule.
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's whole job
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

// Half of a UTF-16 surrogate pair with no other half ("\ud800" in JSON): no character at all, and
// PostgreSQL refuses it as it refuses NUL.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || LONE_SURROGATE.test(text);
}

const MAX_DEPTH = 8;

/**
 * Where a parsed value (a JSON body, a query, route parameters) carries control characters, as dotted
 * paths ("contact.first_name", "tags.0"), property names included; "body" for the value itself.
 */
export function pathsWithControlCharacters(value: unknown, path = "", depth = 0): string[] {
  if (typeof value === "string") return hasControlCharacters(value) ? [path || "body"] : [];
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return [];
  const found: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasControlCharacters(key)) found.push(childPath);
    else found.push(...pathsWithControlCharacters(child, childPath, depth + 1));
  }
  return found;
}
