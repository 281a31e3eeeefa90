import type { ReactNode } from "react";
import { Dialog } from "./dialog.tsx";

export type AlertTone = "success" | "error";

// The answer of a form (docs/product/errors.md): a success or error icon, the server's message and an OK button.
export function AlertDialog(props: {
  open: boolean;
  tone: AlertTone;
  title: string;
  message: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      role="alertdialog"
      size="small"
      closeOnOutsideClick={false}
      showCloseButton={false}
      className={`alert-dialog alert-dialog--${props.tone}`}
      title={
        <>
          <AlertIcon tone={props.tone} />
          <span>{props.title}</span>
        </>
      }
      actions={
        <button type="button" className="button button--primary" data-autofocus onClick={props.onClose}>
          OK
        </button>
      }
    >
      <p className="alert-dialog__message">{props.message}</p>
    </Dialog>
  );
}

function AlertIcon({ tone }: { tone: AlertTone }) {
  return (
    <svg
      className="alert-dialog__icon"
      viewBox="0 0 48 48"
      width="48"
      height="48"
      role="img"
      aria-label={tone === "success" ? "Success" : "Error"}
      data-testid={`alert-icon-${tone}`}
    >
      <circle cx="24" cy="24" r="22" fill="currentColor" />
      {tone === "success" ? (
        <path
          d="M14 25l7 7 13-15"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d="M16 16l16 16M32 16L16 32" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      )}
    </svg>
  );
}
