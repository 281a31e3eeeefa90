import { useRef, useState } from "react";
import { useSite } from "#web/site/use-site.ts";
import { howItWorksSteps } from "#web/frame/info/how-it-works-steps.ts";
import { HOW_IT_WORKS_SECTION_ID } from "#web/frame/home-paths.ts";

// The three-step How it works carousel (docs/product/overview.md). Under 768 px it is a row of swipeable cards with
// snap points, plus previous/next and step buttons; from 768 px all three cards sit side by side. It is
// plain HTML and CSS until JavaScript adds the buttons' behaviour, so it works before hydration.
export function HowItWorksCarousel() {
  const site = useSite();
  const steps = howItWorksSteps(site);
  const trackRef = useRef<HTMLOListElement>(null);
  const [active, setActive] = useState(0);

  // Where the track scrolls to show each slide (the last one may be stopped by the end of the track).
  const slideOffsets = (track: HTMLElement) => {
    const max = track.scrollWidth - track.clientWidth;
    return [...track.children].map((slide) => Math.min(max, (slide as HTMLElement).offsetLeft - track.offsetLeft));
  };
  const nearestSlide = (track: HTMLElement) => {
    const distances = slideOffsets(track).map((offset) => Math.abs(offset - track.scrollLeft));
    return distances.indexOf(Math.min(...distances));
  };
  // While a button's scroll is under way the step it asked for stays current; swipes update it as they go.
  const target = useRef<number | null>(null);

  const show = (index: number) => {
    const track = trackRef.current;
    const left = track ? slideOffsets(track)[index] : undefined;
    if (!track || left === undefined) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    target.current = index;
    setActive(index);
    track.scrollTo({ left, behavior: reduced ? "auto" : "smooth" });
  };

  const onScroll = () => {
    const track = trackRef.current;
    if (!track) return;
    if (target.current !== null) {
      const goal = slideOffsets(track)[target.current];
      if (goal === undefined || Math.abs(goal - track.scrollLeft) < 2) target.current = null;
      return;
    }
    setActive(nearestSlide(track));
  };

  const onScrollEnd = () => {
    const track = trackRef.current;
    target.current = null;
    if (track) setActive(nearestSlide(track));
  };

  return (
    <section id={HOW_IT_WORKS_SECTION_ID} className="landing-section how-it-works" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className="landing-section__title" tabIndex={-1}>
        How it works
      </h2>
      <div className="carousel" role="region" aria-roledescription="carousel" aria-label="How it works in three steps">
        <ol
          ref={trackRef}
          className="carousel__track"
          tabIndex={0}
          aria-label="Steps"
          onScroll={onScroll}
          onScrollEnd={onScrollEnd}
        >
          {steps.map((step, index) => (
            <li key={step.title} className="carousel__slide landing-card">
              <span className="landing-card__badge">
                <span className="visually-hidden">Step </span>
                {index + 1}
              </span>
              <h3 className="landing-card__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow"
            aria-label="Previous step"
            disabled={active === 0}
            onClick={() => show(active - 1)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
          {steps.map((step, index) => (
            <button
              key={step.title}
              type="button"
              className="carousel__dot"
              aria-label={`Show step ${index + 1}: ${step.title}`}
              aria-current={index === active ? "step" : undefined}
              onClick={() => show(index)}
            />
          ))}
          <button
            type="button"
            className="carousel__arrow"
            aria-label="Next step"
            disabled={active === steps.length - 1}
            onClick={() => show(active + 1)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    </section>
  );
}
