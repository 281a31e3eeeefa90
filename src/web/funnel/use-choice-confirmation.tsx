import { useRef, useState, type ReactNode } from "react";
import type { Step } from "#domain/steps/step.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import type { Save } from "./refusal.ts";
import type { ScreenForm } from "./step-schema.ts";
import "./confirm-choice.css";

// The row's confirmChoice (src/domain/steps/step.ts): a valid answer that matches it opens a pop-up
// instead of being sent. Both buttons send the form again through its own submit (so the shell's
// busy state and double-submit guard apply), once with the suggested answer put in, once as it is.
// Escape or Close leaves the visitor on the screen with nothing sent.
export function useChoiceConfirmation(step: Step, form: ScreenForm) {
  const confirmation = step.confirmChoice;
  const [open, setOpen] = useState(false);
  const confirmed = useRef(false);

  const guard =
    (save: Save): Save =>
    async (values) => {
      if (confirmation && values[confirmation.field] === confirmation.value && !confirmed.current) {
        setOpen(true);
        return;
      }
      confirmed.current = false;
      return save(values);
    };

  const answer = (change: boolean) => {
    if (!confirmation) return;
    if (change) form.setValue(confirmation.field, confirmation.suggested, { shouldDirty: true });
    confirmed.current = true;
    setOpen(false);
    form.formRef.current?.requestSubmit();
  };

  const dialog: ReactNode = confirmation ? (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      role="alertdialog"
      size="small"
      closeOnOutsideClick={false}
      title={confirmation.question}
      actions={
        <div className="confirm-choice__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={() => answer(true)}>
            {confirmation.changeLabel}
          </button>
          <button type="button" className="button button--secondary" onClick={() => answer(false)}>
            {confirmation.keepLabel}
          </button>
        </div>
      }
    >
      <p>{confirmation.detail}</p>
    </Dialog>
  ) : null;

  return { guard, dialog };
}
