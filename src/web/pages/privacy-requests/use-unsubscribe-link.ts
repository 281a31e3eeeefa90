import { useEffect, useState } from "react";
import { UNSUBSCRIBE_TOKEN_PARAM } from "#domain/mail-links.ts";
import { sendUnsubscribeLink } from "#web/api/api.ts";
import { answerAlert, type RequestAlert } from "./use-privacy-request-form.ts";

/**
 * The unsubscribe link of one of our e-mails (docs/product/mail.md#reminders): /unsubscribe?token=…, whose
 * token stands for the address the e-mail went to, so the visitor types nothing. The token leaves the
 * address bar at once; one press sends it (a press, not the opening: a mail scanner that opens links
 * unsubscribes no one). Whatever the answer, the link is used up and the form below stays for anything else.
 */
export function useUnsubscribeLink() {
  const [token, setToken] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<RequestAlert | undefined>(undefined);

  useEffect(() => {
    const found = new URLSearchParams(window.location.search).get(UNSUBSCRIBE_TOKEN_PARAM);
    if (!found) return;
    setToken(found);
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  const send = async () => {
    if (!token || busy) return;
    setBusy(true);
    const result = await sendUnsubscribeLink({ token });
    setBusy(false);
    setToken(undefined);
    setAlert(answerAlert(result));
  };

  return { token, busy, alert, send, closeAlert: () => setAlert(undefined) };
}
