import { useId } from "react";
import { Link } from "react-router";
import { StepHeading } from "../step-shell.tsx";
import type { ScreenProps } from "../screen-props.ts";

/** The button of the submit screen (docs/product/screens-and-routes.md, route table). */
const REQUEST_CASH_LABEL = "Request Cash";

// The submit screen (docs/product/screens-and-routes.md, "step 27"): the application is complete; Request Cash leads on
// to the lender connection.
export function RequestCashScreen({ step }: ScreenProps) {
  const headingId = useId();
  return (
    <article className="step" aria-labelledby={headingId}>
      <StepHeading step={step} headingId={headingId} />
      <Link to={step.next} prefetch="intent" className="button button--primary step__next step__link-button">
        {REQUEST_CASH_LABEL}
      </Link>
    </article>
  );
}
