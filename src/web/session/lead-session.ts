// The visitor's lead id, kept in session storage under the spec's key (docs/product/lead-fields.md, storage keys) so a
// reload mid-funnel finds the lead again. The id alone opens nothing: the server also asks for the
// access cookie set when the lead was created (docs/decisions/0008).
export const LEAD_ID_KEY = "lead_id";

export function readLeadId(storage: Storage = sessionStorage): string | undefined {
  try {
    return storage.getItem(LEAD_ID_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveLeadId(leadId: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(LEAD_ID_KEY, leadId);
  } catch {
    // Storage disabled: the funnel still works in this tab until it is reloaded.
  }
}

export function forgetLeadId(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(LEAD_ID_KEY);
  } catch {
    // Nothing to forget.
  }
}
