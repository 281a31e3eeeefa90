/**
 * Moves focus to the first control of `form` marked invalid, so keyboard and screen-reader users land on
 * it. A radio group is not focusable itself: its radio that takes Tab gets focus instead.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>("[aria-invalid='true']");
  if (!invalid) return;
  const target =
    invalid.getAttribute("role") === "radiogroup"
      ? invalid.querySelector<HTMLElement>("[role='radio'][tabindex='0']")
      : invalid;
  target?.focus();
}
