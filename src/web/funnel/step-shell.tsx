import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, PrefetchPageLinks } from "react-router";
import { CONSENT_TEXTS } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { FormValues, Step } from "#domain/steps/step.ts";
import { stepTitle } from "#domain/steps/step-table.ts";
import { ConsentText } from "./consent-text.tsx";
import { useFirstName } from "./funnel-state.tsx";
import type { Refusal } from "./refusal.ts";
import type { ScreenForm } from "./step-schema.ts";

/** The button of a screen without consent text; a screen with one uses the button its text names. */
const NEXT_LABEL = "Next";

/** The id of the subtitle under the heading `headingId` (a radio group is described by it). */
export const subtitleIdOf = (headingId: string) => `${headingId}-subtitle`;

/** The step's heading with its back arrow; focus moves to it when the screen opens, so a screen reader
 * announces the new step and the next Tab lands on its first field. A title may greet by the first name. */
export function StepHeading(props: { step: Step; headingId: string }) {
  const { step } = props;
  const firstName = useFirstName();
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
          {stepTitle(step, { firstName })}
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
  /** The screen's form (useZodForm over useStepSchema); the shell is its <form> and sends it. */
  form: ScreenForm;
  /** Saves the checked answers (useSaveStep, useSaveLead); a refusal it answers is shown on the form. */
  onValid: (values: FormValues) => Promise<Refusal | undefined>;
  /** Runs before the form is checked (a lookup that fills fields the schema requires); false stops the submit. */
  beforeValidation?: () => Promise<boolean | void>;
  /** The heading's id, for a radio group the heading names; made here when not given. */
  headingId?: string;
  children: ReactNode;
};

// One shell for every screen of the funnel (docs/product/screens-and-routes.md, shared behaviour): back arrow, title
// and subtitle, the form, the row's consent text above the button (its wording names the button), and a Next
// button with a loading state. The shell sends the screen's form: Next checks it (focus goes to the first invalid
// field), runs the save, and puts a refusal's messages on the fields it names, or above the button when it names
// none of them. While a submit runs the button says so (aria-busy, aria-disabled, a spinner) and further submits
// are ignored; aria-disabled rather than disabled, so keyboard focus stays on the button instead of falling back to
// the page.
export function StepShell(props: StepShellProps) {
  const { step, form } = props;
  const ownHeadingId = useId();
  const headingId = props.headingId ?? ownHeadingId;
  const consentId = useId();
  // A message that belongs to no field: a refusal naming none of the screen's fields (until a submit gets past the
  // check again), or a fault of the screen's own code (until the next submit).
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const [crashed, setCrashed] = useState(false);

  const onValid = async (values: FormValues) => {
    setRefused(undefined);
    try {
      const refusal = await props.onValid(values);
      if (!refusal) return;
      const unmatched = form.setServerErrors(refusal.errors);
      const placed = Object.keys(unmatched).length < Object.keys(refusal.errors).length;
      setRefused(placed ? undefined : refusal.message);
      form.focusFirstInvalid();
    } catch {
      setCrashed(true);
    }
  };
  // Always given, so Next says it is busy from the moment it is pressed, as it did while the check ran.
  const before = async () => {
    setCrashed(false);
    try {
      return await props.beforeValidation?.();
    } catch {
      setCrashed(true);
      return false;
    }
  };

  const formError = refused ?? (crashed ? MESSAGES.unexpectedError : undefined);
  const busy = form.busy;
  return (
    <article className="step" aria-labelledby={headingId}>
      <StepHeading step={step} headingId={headingId} />
      <form
        ref={form.formRef}
        className="step__form"
        aria-labelledby={headingId}
        aria-busy={busy || undefined}
        noValidate
        onSubmit={form.submitWith(onValid, { before })}
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
