import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { focusableIn, trapTab } from "./focusable.ts";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** "alertdialog" for messages that need an answer (the opt-out forms' result). */
  role?: "dialog" | "alertdialog";
  /** Buttons under the body, e.g. OK; a dialog without one still has the close button. */
  actions?: ReactNode;
  /**
   * Pop-ups close on an outside click (docs/product/screens-and-routes.md); an alert waits for its button or Escape.
   */
  closeOnOutsideClick?: boolean;
  showCloseButton?: boolean;
  size?: "small" | "large";
  className?: string;
};

// A modal pop-up on the native <dialog> (top layer, the page behind made inert) with what the platform
// leaves to us: Tab kept inside, Escape, outside click and the close button all closing it, focus going
// back to whatever opened it. It mounts only while open, so closed pop-ups add nothing to the page.
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  children,
  role = "dialog",
  actions,
  closeOnOutsideClick = true,
  showCloseButton = true,
  size = "large",
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const first = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? focusableIn(dialog)[0];
    first?.focus({ preventScroll: true });
    document.documentElement.classList.add("has-modal");
    return () => {
      document.documentElement.classList.remove("has-modal");
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (ref.current) trapTab(ref.current, event);
  };

  // A click on the backdrop lands on the <dialog> itself, because the panel fills the dialog's box.
  // Both press and release must be outside, so dragging a text selection out of the panel does not close it.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnOutsideClick && pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={role === "alertdialog" ? bodyId : undefined}
      className={["dialog", `dialog--${size}`, className].filter(Boolean).join(" ")}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape on the native dialog: let React state decide, so the component and the element agree.
        event.preventDefault();
        onClose();
      }}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {showCloseButton ? (
            <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </header>
        {/* Focusable, so a keyboard can scroll the text when it is taller than the screen (zoom, a phone
            held sideways) even when the dialog has no link or button but Close (WCAG 2.1.1). */}
        <div id={bodyId} className="dialog__body" tabIndex={0} role="region" aria-labelledby={titleId}>
          {children}
        </div>
        {actions ? <div className="dialog__actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}
