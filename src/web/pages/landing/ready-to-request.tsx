import { scrollToElement, stickyHeaderOffset } from "#web/ui/smooth-scroll.ts";
import { QUICK_START_SECTION_ID } from "#web/frame/home-paths.ts";

// The Ready to request call to action (docs/product/overview.md): scrolls to the quick start form in 800 ms, then
// puts focus on its first field so keyboard users arrive where they are looking.
export function ReadyToRequest() {
  const goToForm = async () => {
    const section = document.getElementById(QUICK_START_SECTION_ID);
    if (!section) return;
    await scrollToElement(section, { offset: stickyHeaderOffset() });
    section.querySelector<HTMLElement>("select, input")?.focus({ preventScroll: true });
  };
  return (
    <section className="landing-section ready-to-request" aria-labelledby="ready-to-request-title">
      <h2 id="ready-to-request-title" className="landing-section__title">
        Ready to request?
      </h2>
      <p>It takes a few minutes, it is free, and you are never obliged to accept an offer.</p>
      <a
        href={`#${QUICK_START_SECTION_ID}`}
        className="button button--primary button--inline ready-to-request__button"
        onClick={(event) => {
          event.preventDefault();
          void goToForm();
        }}
      >
        Request now
      </a>
    </section>
  );
}
