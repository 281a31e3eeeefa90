import type { IntroStepState } from "./wait-timeline.ts";

const STATUS_TEXT: Record<IntroStepState["status"], string> = {
  ready: "waiting",
  active: "in progress",
  completed: "completed",
};

// The three intro steps (docs/product/screens-and-routes.md#lender-connection-screen). Each bar is a native
// progress element named by its step, so a screen reader can ask how far it is without being told every tick.
export function IntroSteps({ steps }: { steps: readonly IntroStepState[] }) {
  return (
    <ol className="lender-intro">
      {steps.map((step, i) => {
        const labelId = `lender-intro-${i}`;
        return (
          <li key={step.name} className={`lender-intro__step lender-intro__step--${step.status}`}>
            <span id={labelId} className="lender-intro__name">
              {step.name}
              <span className="visually-hidden">, {STATUS_TEXT[step.status]}</span>
            </span>
            <progress className="lender-intro__bar" max={100} value={step.progress} aria-labelledby={labelId} />
          </li>
        );
      })}
    </ol>
  );
}
