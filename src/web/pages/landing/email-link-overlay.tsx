import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { enterByEmailLink, readEmailLinkArrival } from "#web/session/email-link-arrival.ts";

type EntryState = { phase: "idle" } | { phase: "entering" } | { phase: "failed"; message: string };

/**
 * The e-mail-link entry on the landing page (docs/product/behaviour.md#resume-logic): while the server
 * starts or resumes the lead, a full-screen overlay covers the page; then the visitor goes on to their
 * first unfinished step. The link's e-mail and token leave the address bar either way, so neither stays in
 * the tab's history.
 */
export function useEmailLinkEntry(): EntryState {
  const navigate = useNavigate();
  const [state, setState] = useState<EntryState>({ phase: "idle" });
  useEffect(() => {
    const arrival = readEmailLinkArrival(window.location.search);
    if (!arrival) return;
    let current = true;
    setState({ phase: "entering" });
    void enterByEmailLink(arrival).then((entry) => {
      if (!current) return;
      if (entry.ok) {
        void navigate(entry.path, { replace: true });
        return;
      }
      window.history.replaceState(window.history.state, "", window.location.pathname);
      setState({ phase: "failed", message: entry.message });
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  return state;
}

export function EmailLinkOverlay({ state }: { state: EntryState }) {
  if (state.phase === "entering") {
    return (
      <div className="email-link-overlay" role="status" aria-live="polite">
        <span className="spinner email-link-overlay__spinner" aria-hidden="true" />
        <p>Opening your application…</p>
      </div>
    );
  }
  if (state.phase === "failed") {
    return (
      <p className="email-link-notice" role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}
