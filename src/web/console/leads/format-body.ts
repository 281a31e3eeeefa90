/**
 * A buyer call's body as the lead page shows it: JSON parsed and indented, so a JSON answer reads as itself and
 * not as one long string; XML, a form and anything that does not parse (an answer cut at its stored size, say)
 * as the text it is.
 */
export function formatBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  return text;
}
