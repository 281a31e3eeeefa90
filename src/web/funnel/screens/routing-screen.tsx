import { BANK_NOT_FOUND_MESSAGE } from "#domain/contracts/lookups.ts";
import { digitsOnly } from "#domain/masks.ts";
import type { FormValues, Step } from "#domain/steps/step.ts";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import type { Save } from "../refusal.ts";
import { StepShell, type StepShellProps } from "../step-shell.tsx";
import { useStepSchema, type ScreenForm } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import type { ScreenProps } from "../screen-props.ts";
import { useRoutingLookup, type RoutingCheck } from "./use-routing-lookup.ts";

/** docs/product/validation.md: digits only, at most 9. */
const routingDigits = (typed: string) => digitsOnly(typed).slice(0, 9);

/** What the routing number's note line says while its lookup runs or once it has named the bank. */
function routingNote(check: RoutingCheck | undefined) {
  if (check?.status === "looking") {
    return (
      <span className="step__lookup">
        <span className="spinner" aria-hidden="true" />
        Looking up your bank…
      </span>
    );
  }
  return check?.status === "named" ? `Bank: ${check.bankName}` : undefined;
}

/**
 * The routing number with its lookup, shared by /aba and /apply/bank. The bank the lookup names is shown
 * on the number's note line (docs/product/screens-and-routes.md: the screen shows the looked-up bank name)
 * and saved as the bank name; the Bank Name field is asked only when no directory names the number or the
 * lookup could not be reached. One field less keeps Next in view on a 375 x 667 phone
 * (docs/decisions/0015-funnel-screens.md).
 */
export function RoutingFields({ form, routing }: { form: ScreenForm; routing: ReturnType<typeof useRoutingLookup> }) {
  const status = routing.check?.status;
  return (
    <>
      <TextField
        {...fieldInput("routingNumber")}
        control={form.control}
        name="routingNumber"
        normalize={routingDigits}
        error={routing.routingError}
        // docs/product/behaviour.md: a spinner while the lookup runs; the note's live region announces the words.
        note={routingNote(routing.check)}
      />
      {status === "unnamed" || status === "unavailable" ? (
        <TextField
          {...fieldInput("bankName")}
          control={form.control}
          name="bankName"
          note={status === "unnamed" ? BANK_NOT_FOUND_MESSAGE : undefined}
        />
      ) : null}
    </>
  );
}

/**
 * The routing lookup and the save of a screen that asks the routing number (/aba, /apply/bank), as the shell's
 * props: submit waits for the lookup when the bank name is still empty, and a refused number blocks the save.
 * `guardSave` may hold the save back once the number is accepted (the bank details' account type pop-up).
 */
export function useRoutingSave(step: Step, form: ScreenForm, guardSave: (save: Save) => Save = (save) => save) {
  const routing = useRoutingLookup(form);
  const saveStep = guardSave(useSaveStep(step));
  const onValid = async (values: FormValues) => ((await routing.allowsSave()) ? saveStep(values) : undefined);
  const shell: Pick<StepShellProps, "onValid" | "beforeValidation"> = {
    onValid,
    beforeValidation: routing.beforeSubmit,
  };
  return { routing, shell };
}

// Bank routing number (docs/product/behaviour.md and docs/product/validation.md): 9 digits, with the bank's name looked
// up as soon as they are typed.
export function RoutingScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const form = useZodForm(useStepSchema(step), { defaultValues: defaultValuesFor(step, funnel.contact) });
  const { routing, shell } = useRoutingSave(step, form);
  return (
    <StepShell step={step} form={form} {...shell}>
      <RoutingFields form={form} routing={routing} />
    </StepShell>
  );
}
