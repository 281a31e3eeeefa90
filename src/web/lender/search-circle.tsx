import type { SearchCircleState } from "./wait-timeline.ts";

const RADIUS = 54;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

// The lender-search circle: its stage's name in the middle, the ring filling as the stage runs, and the
// amount being searched for beneath. The stage name is a polite live region: it changes only a few times.
export function SearchCircle({ state, amount }: { state: SearchCircleState; amount: string | undefined }) {
  return (
    <div className="search-circle">
      <div
        className="search-circle__ring"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.progress}
        aria-label={state.label}
      >
        <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle className="search-circle__track" cx="60" cy="60" r={RADIUS} />
          <circle
            className="search-circle__fill"
            cx="60"
            cy="60"
            r={RADIUS}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - state.progress / 100)}
          />
        </svg>
        <p className="search-circle__label" aria-live="polite">
          {state.label}
        </p>
      </div>
      {amount ? (
        <p className="search-circle__amount">
          Searching amount: <strong>{amount}</strong>
        </p>
      ) : null}
    </div>
  );
}
