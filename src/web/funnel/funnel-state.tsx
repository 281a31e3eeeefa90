import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { LeadContact } from "#domain/contracts/lead.ts";
import { toClientFields } from "#domain/fields/field-names.ts";
import { fetchLead } from "#web/api/api.ts";
import { mergeTemporaryContact, readTemporaryContact, type TemporaryContact } from "#web/session/temporary-contact.ts";
import { forgetLeadId, readLeadId, saveLeadId } from "#web/session/lead-session.ts";

// The funnel's client store (docs/product/lead-fields.md): the temporary contact of the quick start and the saved lead,
// in client names. The saved lead is read once when the funnel opens (a reload mid-funnel keeps the
// answers) and replaced by the contact every successful save answers with, so screens prefill from it.

/** A lead in client names (toClientFields); sensitive fields hold only their masks. */
export type ClientContact = Record<string, unknown>;

export type FunnelState = {
  /** "failed": the saved lead could not be read (no network); the screen offers to try again. */
  status: "loading" | "ready" | "failed";
  leadId: string | undefined;
  contact: ClientContact;
  temporary: TemporaryContact | undefined;
};

export type Funnel = FunnelState & {
  /** A create, update or step save answered with the lead: keep its id and contact. */
  saved: (contact: LeadContact) => void;
  mergeTemporary: (changes: Partial<TemporaryContact>) => void;
  /** The lead is gone or not ours (404): forget it, so the visitor starts again. */
  forgetLead: () => void;
  reload: () => void;
};

const FunnelContext = createContext<Funnel | undefined>(undefined);

export function useFunnel(): Funnel {
  const funnel = useContext(FunnelContext);
  if (!funnel) throw new Error("useFunnel needs a FunnelProvider");
  return funnel;
}

const EMPTY: FunnelState = { status: "loading", leadId: undefined, contact: {}, temporary: undefined };

export function FunnelProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<FunnelState>(EMPTY);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const temporary = readTemporaryContact();
    const leadId = readLeadId();
    if (!leadId) {
      setState({ status: "ready", leadId: undefined, contact: {}, temporary });
      return;
    }
    setState({ ...EMPTY, temporary });
    void fetchLead(leadId).then((result) => {
      if (!current) return;
      if (result.ok && result.data) {
        setState({ status: "ready", leadId, contact: toClientFields(result.data.contact), temporary });
      } else if (result.status === 0 || result.status >= 500 || result.status === 429) {
        setState({ status: "failed", leadId, contact: {}, temporary });
      } else {
        // 404 (no such lead, or not this browser's) or a malformed id: start again.
        forgetLeadId();
        setState({ status: "ready", leadId: undefined, contact: {}, temporary });
      }
    });
    return () => {
      current = false;
    };
  }, [attempt]);

  const saved = useCallback((contact: LeadContact) => {
    saveLeadId(contact.lead_id);
    setState((s) => ({ ...s, status: "ready", leadId: contact.lead_id, contact: toClientFields(contact) }));
  }, []);

  const mergeTemporary = useCallback((changes: Partial<TemporaryContact>) => {
    const temporary = mergeTemporaryContact(changes);
    setState((s) => ({ ...s, temporary }));
  }, []);

  const forgetLead = useCallback(() => {
    forgetLeadId();
    setState((s) => ({ ...s, leadId: undefined, contact: {} }));
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo(
    () => ({ ...state, saved, mergeTemporary, forgetLead, reload }),
    [state, saved, mergeTemporary, forgetLead, reload],
  );
  return <FunnelContext.Provider value={value}>{children}</FunnelContext.Provider>;
}

/** The visitor's first name for the titles that greet them: saved, else typed on the legal name screen. */
export function useFirstName(): string | undefined {
  const { contact, temporary } = useFunnel();
  return typeof contact.firstName === "string" ? contact.firstName : temporary?.firstName;
}
