import { MESSAGES } from "#domain/messages.ts";
import type { Step } from "#domain/steps/step.ts";
import type { ApiResult } from "#web/api/api.ts";

/** What a refused save shows: messages under the screen's fields (by form field), and the message for the rest. */
export type Refusal = { errors: Record<string, string>; message: string };

/** What a screen's save answers: nothing when it moved on (or sent the visitor elsewhere), else its refusal. */
export type Save = (values: Record<string, unknown>) => Promise<Refusal | undefined>;

/** The message for a refusal that names none of the screen's fields. */
function messageOf(result: ApiResult<unknown>): string {
  if (result.status === 0 || result.status === 429) return result.message;
  return Object.values(result.errors)[0] ?? MESSAGES.updateFailed;
}

/**
 * A refused save as the screen shows it: the server's field errors under the form fields `fieldOf` maps their names
 * to, or, for a row that words its refusal (the phone step's), that message whatever the 4xx named. An unreachable
 * server (0), a rate limit (429) or a server fault (5xx) says what happened instead: telling the visitor a good
 * number is wrong would only make them change it.
 */
export function refusalOf(
  step: Step,
  result: ApiResult<unknown>,
  fieldOf: (name: string) => string | undefined,
): Refusal {
  const refused = result.status >= 400 && result.status < 500 && result.status !== 429;
  if (step.refusal && refused) {
    return { errors: { [step.refusal.field]: step.refusal.message }, message: step.refusal.message };
  }
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(result.errors)) {
    const field = fieldOf(name);
    if (field) errors[field] = message;
  }
  return { errors, message: messageOf(result) };
}
