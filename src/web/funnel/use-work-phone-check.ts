import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { workPhoneConflict, type KnownPhones } from "#domain/schemas/work-phone.ts";
import type { ScreenForm } from "./step-schema.ts";

/** docs/product/validation.md: the work phone is checked against the visitor's own numbers 300 ms after typing stops. */
export const WORK_PHONE_CHECK_DELAY_MS = 300;

const CONFLICT = "conflict";

// The work phone's check while typing: once the visitor pauses, a number equal to their cell or home
// phone shows its message without waiting for Next; changing it clears the message again. Only the
// message this check set is cleared, so the form's own messages (after a submit) are left alone.
export function useWorkPhoneCheck(form: ScreenForm, field: string, known: KnownPhones) {
  const { control, setError, getFieldState, clearErrors } = form;
  const value = useWatch({ control, name: field }) as string | undefined;
  const { cellPhone, phone } = known;
  useEffect(() => {
    const timer = setTimeout(() => {
      const conflict = workPhoneConflict(value ?? "", { cellPhone, phone });
      if (conflict) setError(field, { type: CONFLICT, message: conflict });
      else if (getFieldState(field).error?.type === CONFLICT) clearErrors(field);
    }, WORK_PHONE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [setError, getFieldState, clearErrors, field, value, cellPhone, phone]);
}
