import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatUsd } from "#domain/options.ts";
import { useFunnel } from "#web/funnel/funnel-state.tsx";
import { pageTitle } from "#web/site/page-title.ts";
import { InterstitialQuestions } from "./interstitial-questions.tsx";
import { IntroSteps } from "./intro-steps.tsx";
import { SearchCircle } from "./search-circle.tsx";
import { useLenderDecision } from "./use-lender-decision.ts";
import { useWaitClock } from "./use-wait-clock.ts";
import { WaitCounter } from "./wait-counter.tsx";
import { counterAt, introAt, introDone, planCounter, planIntro, searchCircleAt } from "./wait-timeline.ts";
import "./lender.css";

const TITLE = "Please do not close this window";

export function meta() {
  return [{ title: pageTitle(TITLE) }];
}

// The lender connection (docs/product/screens-and-routes.md#lender-connection-screen, on /mapping-lender and
// /configuration): the application goes to the lenders while an animation and three questions fill the wait;
// the lenders' answer ends the wait at once (docs/product/behaviour.md#lender-connection).
export default function LenderConnectionPage() {
  const funnel = useFunnel();
  if (funnel.status === "loading") {
    return (
      <p className="step-status" role="status">
        Loading your application…
      </p>
    );
  }
  if (!funnel.leadId) {
    return (
      <div className="step-status" role="alert">
        <p>We could not find your application in this browser.</p>
        <Link to="/" className="button button--primary button--inline">
          Start a new request
        </Link>
      </div>
    );
  }
  return <LenderConnection leadId={funnel.leadId} />;
}

function LenderConnection({ leadId }: { leadId: string }) {
  const headingId = useId();
  const navigate = useNavigate();
  const { contact } = useFunnel();
  const [introPlan] = useState(() => planIntro());
  const [counterPlan] = useState(() => planCounter());
  const decision = useLenderDecision(leadId);
  const elapsed = useWaitClock(decision.state === "waiting" || decision.state === "sent");
  const circleStartedAt = useRef<number | undefined>(undefined);

  const steps = introAt(introPlan, elapsed, decision.state !== "waiting");
  if (introDone(steps) && circleStartedAt.current === undefined) circleStartedAt.current = elapsed;
  const circleElapsed = circleStartedAt.current === undefined ? undefined : elapsed - circleStartedAt.current;

  useEffect(() => {
    if (decision.state !== "decided") return;
    const { to, external } = decision.destination;
    // Either way this page leaves the history: Back from where it sent the visitor must not send them again.
    if (external) window.location.replace(to);
    else void navigate(to, { replace: true, state: decision.navigationState });
  }, [decision, navigate]);

  const amount = typeof contact.amount === "number" ? formatUsd(contact.amount) : undefined;

  return (
    <article className="lender" aria-labelledby={headingId}>
      <h1 id={headingId} className="lender__title">
        {TITLE}
      </h1>
      {decision.state === "failed" ? (
        <div className="lender__failure" role="alert">
          <p>We could not reach our lenders just now. Your application is saved.</p>
          <button type="button" className="button button--primary button--inline" onClick={decision.retry}>
            Try again
          </button>
        </div>
      ) : circleElapsed === undefined ? (
        <IntroSteps steps={steps} />
      ) : (
        <>
          <SearchCircle state={searchCircleAt(circleElapsed)} amount={amount} />
          <WaitCounter value={counterAt(counterPlan, circleElapsed)} />
        </>
      )}
      <InterstitialQuestions onYes={decision.addToLists} />
      <p className="lender__note">You are never obligated to accept an offer from a lender we connect you with.</p>
    </article>
  );
}
