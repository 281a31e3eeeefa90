import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { workPhoneConflict, type KnownPhones } from "#domain/schemas/work-phone.ts";
import type { StepForm } from "./use-step-form.ts";

/** docs/product/validation.md: the work phone is checked against the visitor's own numbers 300 ms after typing stops. */
export const WORK_PHONE_CHECK_DELAY_MS = 300;

const CONFLICT = "conflict";

// The work phone's check while typing: once the visitor pauses, a number equal to their cell or home
// phone shows its message without waiting for Next; changing it clears the message again. Only the
// message this check set is cleared, so the form's own messages (after a submit) are left alone.
export function useWorkPhoneCheck(stepForm: StepForm, field: string, known: KnownPhones) {
  const { form } = stepForm;
  const value = useWatch({ control: form.control, name: field }) as string | undefined;
  const { cellPhone, phone } = known;
  useEffect(() => {
    const timer = setTimeout(() => {
      const conflict = workPhoneConflict(value ?? "", { cellPhone, phone });
      if (conflict) form.setError(field, { type: CONFLICT, message: conflict });
      else if (form.getFieldState(field).error?.type === CONFLICT) form.clearErrors(field);
    }, WORK_PHONE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, field, value, cellPhone, phone]);
}
