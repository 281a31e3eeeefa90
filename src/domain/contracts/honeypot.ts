// A field people never see and bots fill (docs/decisions/0009): a write carrying a value in it is refused
// before anything else is checked, so a bot learns nothing from the field messages.
export const HONEYPOT_FIELD = "website";

/** True when the honeypot of `body` holds anything a person could not have typed (it is hidden). */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined;
}
