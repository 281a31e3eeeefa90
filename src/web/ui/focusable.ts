const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "details > summary:first-of-type",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** Inside a closed <details>, only its summary can take focus. */
function hiddenByClosedDetails(el: HTMLElement): boolean {
  const details = el.closest("details");
  if (!details || details.open) return false;
  return !(el.tagName === "SUMMARY" && el.parentElement === details);
}

/** The elements of `root` that Tab can reach, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[inert]") && !hiddenByClosedDetails(el),
  );
}

// Tab from the last element goes to the first and Shift+Tab from the first to the last, so keyboard focus
// never leaves an open dialog (WCAG 2.4.3). Returns true when it moved focus itself.
export function trapTab(root: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (event.key !== "Tab") return false;
  const items = focusableIn(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return true;
  }
  const active = root.ownerDocument.activeElement;
  const outside = !root.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
