/**
 * Moves focus to the first control of `form` marked invalid, so keyboard and screen-reader users land on
 * it. A radio group or a date grid is not focusable itself: its radio or day that takes Tab gets focus instead.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>("[aria-invalid='true']");
  if (!invalid) return;
  const role = invalid.getAttribute("role");
  const target =
    role === "radiogroup" || role === "grid" ? invalid.querySelector<HTMLElement>("[tabindex='0']") : invalid;
  target?.focus();
}
