import { useId, useState } from "react";
import type { Measure } from "#domain/console/measures.ts";

// A measure's definition beside its name (docs/decisions/0043-report-measures.md). The button takes the keyboard's
// focus and has the definition as its description (aria-describedby), so a screen reader reads it with the button
// and a keyboard user sees it on focus; a mouse shows it on hover, and Escape hides it again (WCAG 1.4.13). A
// `title` would reach neither keyboard nor touch.
export function MeasureTip({ measure }: { measure: Measure }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <span className="measure-tip" onMouseEnter={() => setShown(true)} onMouseLeave={() => setShown(false)}>
      <button
        type="button"
        className="measure-tip__button"
        aria-label={`About ${measure.name}`}
        aria-describedby={id}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
        onClick={() => setShown(true)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setShown(false);
        }}
      >
        ?
      </button>
      <span role="tooltip" id={id} className="measure-tip__text" hidden={!shown}>
        {measure.definition}
      </span>
    </span>
  );
}
