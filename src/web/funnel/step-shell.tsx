import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { Link, PrefetchPageLinks } from "react-router";
import { CONSENT_TEXTS } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { Step } from "#domain/steps/step.ts";
import { stepTitle } from "#domain/steps/step-table.ts";
import { ConsentText } from "./consent-text.tsx";

/** The button of a screen without consent text; a screen with one uses the button its text names. */
const NEXT_LABEL = "Next";

/** The id of the subtitle under the heading `headingId` (a radio group is described by it). */
export const subtitleIdOf = (headingId: string) => `${headingId}-subtitle`;

/** The step's heading with its back arrow; focus moves to it when the screen opens, so a screen reader
 * announces the new step and the next Tab lands on its first field. */
export function StepHeading(props: { step: Step; firstName?: string | null; headingId: string }) {
  const { step } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <div className="step__head">
        {step.back ? (
          // Prefetched on hover, touch or focus: the previous screen is usually the same code anyway.
          <Link to={step.back} prefetch="intent" className="step__back">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="visually-hidden">Back</span>
          </Link>
        ) : null}
        <h1 id={props.headingId} ref={headingRef} tabIndex={-1} className="step__title">
          {stepTitle(step, { firstName: props.firstName })}
        </h1>
      </div>
      <p id={subtitleIdOf(props.headingId)} className="step__subtitle">
        {step.subtitle}
      </p>
    </>
  );
}

export type StepShellProps = {
  step: Step;
  firstName?: string | null;
  /** The heading's id, for a radio group the heading names; made here when not given. */
  headingId?: string;
  /** Runs the save; the shell ignores a second submit until it settles. */
  onSubmit: () => Promise<void>;
  formRef?: Ref<HTMLFormElement>;
  formError?: string | undefined;
  children: ReactNode;
};

// One shell for every screen of the funnel (docs/product/screens-and-routes.md, shared behaviour): back arrow, title
// and subtitle, the form, the row's consent text above the button (its wording names the button), and a Next
// button with a loading state. While a save is in flight the button says
// so (aria-busy, aria-disabled, a spinner) and further submits are ignored; aria-disabled rather than
// disabled, so keyboard focus stays on the button instead of falling back to the page.
export function StepShell(props: StepShellProps) {
  const { step } = props;
  const ownHeadingId = useId();
  const headingId = props.headingId ?? ownHeadingId;
  const consentId = useId();
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [crashed, setCrashed] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setCrashed(false);
    props
      .onSubmit()
      .catch(() => setCrashed(true))
      .finally(() => {
        busyRef.current = false;
        setBusy(false);
      });
  };

  const formError = props.formError ?? (crashed ? MESSAGES.unexpectedError : undefined);
  return (
    <article className="step" aria-labelledby={headingId}>
      <StepHeading step={step} firstName={props.firstName} headingId={headingId} />
      <form
        ref={props.formRef}
        className="step__form"
        aria-labelledby={headingId}
        aria-busy={busy || undefined}
        noValidate
        onSubmit={onSubmit}
      >
        {props.children}
        <p className="step__form-error" role="alert">
          {formError ?? ""}
        </p>
        {step.consent ? (
          <p id={consentId} className="step__consent">
            <ConsentText consent={step.consent} />
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary step__next"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          aria-describedby={step.consent ? consentId : undefined}
        >
          <span>{step.consent ? CONSENT_TEXTS[step.consent].button : NEXT_LABEL}</span>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? <span className="visually-hidden">Please wait</span> : null}
        </button>
      </form>
      {/* The next screen's code, fetched while this one is filled in. */}
      <PrefetchPageLinks page={step.next} />
    </article>
  );
}
