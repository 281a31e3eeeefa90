import { BANK_NOT_FOUND_MESSAGE } from "#domain/contracts/lookups.ts";
import { digitsOnly } from "#domain/masks.ts";
import type { FormValues, Step } from "#domain/steps/step.ts";
import { StepTextField } from "../fields/step-text-field.tsx";
import { useFirstName, useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useSaveStep } from "../use-save-step.ts";
import { useStepForm, type StepForm } from "../use-step-form.ts";
import type { ScreenProps } from "../screen-props.ts";
import { useRoutingLookup, type RoutingCheck } from "./use-routing-lookup.ts";

type Save = (values: FormValues) => Promise<void>;

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
export function RoutingFields({
  stepForm,
  routing,
}: {
  stepForm: StepForm;
  routing: ReturnType<typeof useRoutingLookup>;
}) {
  const status = routing.check?.status;
  return (
    <>
      <StepTextField
        stepForm={stepForm}
        field="routingNumber"
        // docs/product/validation.md: digits only, at most 9.
        clean={(typed) => digitsOnly(typed).slice(0, 9)}
        error={stepForm.errorOf("routingNumber") ?? routing.routingError}
        // docs/product/behaviour.md: a spinner while the lookup runs; the note's live region announces the words.
        note={routingNote(routing.check)}
      />
      {status === "unnamed" || status === "unavailable" ? (
        <StepTextField
          stepForm={stepForm}
          field="bankName"
          note={status === "unnamed" ? BANK_NOT_FOUND_MESSAGE : undefined}
        />
      ) : null}
    </>
  );
}

/**
 * The routing lookup and the save of a screen that asks the routing number (/aba, /apply/bank): submit
 * waits for the lookup when the bank name is still empty, and a refused number blocks the save. `guardSave`
 * may hold the save back once the number is accepted (the bank details' account type pop-up).
 */
export function useRoutingSave(step: Step, stepForm: StepForm, guardSave: (save: Save) => Save = (save) => save) {
  const routing = useRoutingLookup(stepForm);
  const saveStep = guardSave(useSaveStep(step, stepForm));
  const save = async (values: FormValues) => {
    if (await routing.allowsSave()) await saveStep(values);
  };
  const onSubmit = async () => {
    await routing.beforeSubmit();
    await stepForm.submit(save);
  };
  return { routing, onSubmit };
}

// Bank routing number (docs/product/behaviour.md and docs/product/validation.md): 9 digits, with the bank's name looked
// up as soon as they are typed.
export function RoutingScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const stepForm = useStepForm(step, { defaultValues: defaultValuesFor(step, funnel.contact) });
  const { routing, onSubmit } = useRoutingSave(step, stepForm);
  return (
    <StepShell
      step={step}
      firstName={useFirstName()}
      onSubmit={onSubmit}
      formRef={stepForm.formRef}
      formError={stepForm.formError}
    >
      <RoutingFields stepForm={stepForm} routing={routing} />
    </StepShell>
  );
}
