/**
 * Moves focus to the first control of `form` marked invalid, so keyboard and screen-reader users land on it. A
 * composite widget marked invalid as a whole (a radio group, a date grid) takes no focus itself: the one element
 * of it that takes Tab (its radio or day with tabindex 0) gets focus instead.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>("[aria-invalid='true']");
  if (!invalid) return;
  const role = invalid.getAttribute("role");
  const target =
    role === "radiogroup" || role === "grid" ? invalid.querySelector<HTMLElement>("[tabindex='0']") : invalid;
  target?.focus();
}
