import { progressPercent, TOTAL_STEPS } from "#domain/steps/step-table.ts";

// The funnel's progress (docs/product/screens-and-routes.md): indicator / 24 as a percentage, the bar moving over 1
// second (funnel.css). It lives in the funnel layout, so it stays mounted from screen to screen and animates
// from the last step's width. The width is set through the element's style object, which the
// Content-Security-Policy allows (it forbids style attributes in markup, and this page has no markup
// from the server).
export function ProgressBar({ indicator }: { indicator: number }) {
  const percent = progressPercent(indicator);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="Application progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`Step ${indicator} of ${TOTAL_STEPS}, ${percent}% complete`}
    >
      <div className="progress__track">
        <div className="progress__fill" style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
      <span className="progress__text" aria-hidden="true">
        {Math.round(percent)}%
      </span>
    </div>
  );
}
