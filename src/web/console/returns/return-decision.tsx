import { useId, useState } from "react";
import { returnDecidedAnswer } from "#domain/contracts/console-returns.ts";
import { consoleApi } from "../console-api.ts";

// Approve or reject a pending return, with a note the buyer sees and the audit log keeps.
export function ReturnDecision(props: { id: string; leadId: string; onDecided: (message: string) => void }) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const decide = async (action: "approve" | "reject") => {
    if (busy) return;
    setBusy(true);
    const res = await consoleApi.send(
      "POST",
      `/returns/${encodeURIComponent(props.id)}/${action}`,
      { note },
      returnDecidedAnswer,
    );
    setBusy(false);
    if (res.ok) return props.onDecided(res.message);
    setProblem(res.errors.note ?? res.message);
  };
  return (
    <div className="return-decision" role="group" aria-label={`Decide the return of ${props.leadId}`}>
      <label htmlFor={noteId}>Note</label>
      <textarea
        id={noteId}
        rows={2}
        maxLength={500}
        value={note}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setNote(event.target.value)}
      />
      <p className="console-form__error" role="alert">
        {problem ?? ""}
      </p>
      <button
        type="button"
        className="console-button console-button--primary"
        aria-disabled={busy || undefined}
        onClick={() => decide("approve")}
      >
        Approve
      </button>{" "}
      <button
        type="button"
        className="console-button"
        aria-disabled={busy || undefined}
        onClick={() => decide("reject")}
      >
        Reject
      </button>
    </div>
  );
}
