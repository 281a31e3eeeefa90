/** docs/product/constants.md: the Ready to request call to action scrolls to the form in 800 ms. */
export const SCROLL_DURATION_MS = 800;

/** Ease in and out, so the scroll starts and lands gently. t and the result are in [0, 1]. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where the page should be `elapsed` ms into a scroll from `from` to `to`. */
export function scrollPosition(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOutCubic(Math.max(0, elapsed) / duration);
}

// CSS `scroll-behavior: smooth` has no duration, so the spec's 800 ms is animated here. Visitors who ask
// for reduced motion jump straight there. Resolves when the scroll has arrived.
export function scrollToElement(
  element: HTMLElement,
  options: { duration?: number; offset?: number } = {},
): Promise<void> {
  const duration = options.duration ?? SCROLL_DURATION_MS;
  const from = window.scrollY;
  const to = Math.max(0, from + element.getBoundingClientRect().top - (options.offset ?? 0));
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  if (reduced || duration <= 0 || Math.abs(to - from) < 1) {
    window.scrollTo(0, to);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now: number) => {
      const elapsed = now - start;
      window.scrollTo(0, scrollPosition(from, to, elapsed, duration));
      if (elapsed < duration) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Height of the sticky navbar, so a scrolled-to section is not hidden under it. */
export function stickyHeaderOffset(): number {
  const header = document.querySelector<HTMLElement>(".navbar");
  return header ? header.getBoundingClientRect().height + 8 : 0;
}
