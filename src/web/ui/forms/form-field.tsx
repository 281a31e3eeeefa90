import { useId, type ReactElement, type ReactNode } from "react";

type ControlProps = { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined };

// One wrapper for every labelled control: it ties label, hint and error text to the control, and keeps
// room for the error line so a message appearing does not push the page around. The same reserved line
// shows a `note` (e.g. the city a zip resolves to) while there is no error.
export function FormField(props: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  note?: ReactNode;
  className?: string;
  /** The control's id and its label's, when a widget library must know them up front (a combobox). */
  id?: string;
  labelId?: string;
  children: (control: ControlProps) => ReactElement;
}) {
  const ownId = useId();
  const id = props.id ?? ownId;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const showsNote = !props.error && Boolean(props.note);
  const describedBy = [hintId, props.error || showsNote ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={props.className ? `form-field ${props.className}` : "form-field"}>
      <label htmlFor={id} id={props.labelId}>
        {props.label}
      </label>
      {props.hint ? (
        <span id={hintId} className="form-field__hint">
          {props.hint}
        </span>
      ) : null}
      {props.children({ id, "aria-invalid": props.error ? true : undefined, "aria-describedby": describedBy })}
      {/* One live region that is always there, so a screen reader speaks whatever appears in it (an error,
          or a note such as the city and state of a zip): a region created with its text is often missed. */}
      <span
        id={errorId}
        className={showsNote ? "form-field__error form-field__note" : "form-field__error"}
        aria-live="polite"
        aria-atomic="true"
      >
        {props.error ?? (showsNote ? props.note : "")}
      </span>
    </div>
  );
}
