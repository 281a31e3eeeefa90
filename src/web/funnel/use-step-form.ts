import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { localToday } from "#domain/calendar-date.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { FormValues, Step, StepFormContext } from "#domain/steps/step.ts";
import { stepFormSchema } from "#domain/steps/step-forms.ts";
import type { ApiResult } from "#web/api/api.ts";
import { focusFirstInvalid } from "#web/ui/forms/focus-first-invalid.ts";

export type StepForm = {
  form: UseFormReturn<FieldValues, unknown, FormValues>;
  formRef: RefObject<HTMLFormElement | null>;
  /** A message that belongs to no field (the network, a refusal naming no field of this screen). */
  formError: string | undefined;
  /** Validates with the row's schema, then saves the parsed values; on failure focus goes to the first invalid field. */
  submit: (save: (values: FormValues) => Promise<void>) => Promise<void>;
  /** Puts a refused save's messages on the fields it names (`fieldOf` maps a request name to a form field). */
  showFailure: (result: ApiResult<unknown>, fieldOf: (name: string) => string | undefined) => void;
  errorOf: (field: string) => string | undefined;
  /** Moves focus to the first invalid field once the messages just set are on the page. */
  focusFirstInvalid: () => void;
};

/** The message for a refusal that names none of this screen's fields. */
function failureMessage(result: ApiResult<unknown>): string {
  if (result.status === 0 || result.status === 429) return result.message;
  return Object.values(result.errors)[0] ?? MESSAGES.updateFailed;
}

// One form per screen (react-hook-form with the row's zod schema, docs/product/validation.md): checked on submit, then
// again on every change; every message under its field.
export function useStepForm(
  step: Step,
  options: { defaultValues: Record<string, string>; context?: Omit<StepFormContext, "today"> },
): StepForm {
  // The visitor's own calendar day decides age and the pay-date window (calendar-date.ts, localToday). The
  // schema is built once per screen: what it depends on is known when the screen opens.
  const [schema] = useState(() => stepFormSchema(step, { today: localToday(new Date()), ...options.context }));
  const form = useForm<FieldValues, unknown, FormValues>({
    resolver: zodResolver(schema as z.ZodType<FormValues, FieldValues>),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: options.defaultValues,
    // Focus is moved by focusFirstInvalid instead: it also finds a radio group and a message shown under
    // another field (the address's city and state under the zip).
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const fieldNames = Object.keys(options.defaultValues);

  // Focus moves after the render that shows the messages (an effect), not on a timer that may run first.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  const focusLater = useCallback(() => setFocusRequest((n) => n + 1), []);

  const submit = useCallback(
    async (save: (values: FormValues) => Promise<void>) => {
      let valid = false;
      await form.handleSubmit(async (values) => {
        valid = true;
        setFormError(undefined);
        await save(values);
      })();
      // Asked once handleSubmit has published the messages (its onInvalid runs before it does).
      if (!valid) focusLater();
    },
    [form, focusLater],
  );

  const showFailure = (result: ApiResult<unknown>, fieldOf: (name: string) => string | undefined) => {
    let placed = false;
    for (const [name, message] of Object.entries(result.errors)) {
      const field = fieldOf(name);
      if (field && fieldNames.includes(field)) {
        form.setError(field, { type: "server", message });
        placed = true;
      }
    }
    setFormError(placed ? undefined : failureMessage(result));
    focusLater();
  };

  const errors = form.formState.errors;
  const errorOf = (field: string) => {
    const message = errors[field]?.message;
    return typeof message === "string" ? message : undefined;
  };

  return { form, formRef, formError, submit, showFailure, errorOf, focusFirstInvalid: focusLater };
}
