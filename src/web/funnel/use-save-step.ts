import { useLocation, useNavigate } from "react-router";
import { toClientFields } from "#domain/fields/field-names.ts";
import type { FormValues, Step } from "#domain/steps/step.ts";
import { formToStepBody } from "#domain/steps/step-bodies.ts";
import { saveStep } from "#web/api/api.ts";
import { consentPlaceholdersFor } from "#web/site/consent-placeholders.ts";
import { useSite } from "#web/site/use-site.ts";
import { useFunnel } from "./funnel-state.tsx";
import { clientFieldOfWire, consentEvidence, nextPathAfterSave } from "./step-flow.ts";
import type { StepForm } from "./use-step-form.ts";

// The save of every numbered screen (docs/product/behaviour.md, every step): the row's body (formToStepBody) with
// the consent evidence of the text the screen shows, sent as the step update. Only a 200 moves on, by
// client navigation; a refusal puts its messages on the fields it names (wire names -> the row's form
// fields), or reads as the row words it (the phone step's "Phone number is invalid!"). The body reads the saved
// answers it needs itself (the row's body), so nothing here names a field.
export function useSaveStep(step: Step, stepForm: StepForm, options: { formFieldOf?: (field: string) => string } = {}) {
  const funnel = useFunnel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const site = useSite();

  return async (values: FormValues) => {
    const leadId = funnel.leadId;
    if (!leadId) {
      await navigate("/", { replace: true });
      return;
    }
    const body = formToStepBody(step, values, { saved: funnel.contact });
    if (!body) throw new Error(`${step.slug} saves through lead create or update, not a step`);
    const result = await saveStep(leadId, {
      ...body,
      ...consentEvidence(step, pathname, consentPlaceholdersFor(site)),
    });
    if (result.ok && result.data) {
      funnel.saved(result.data.contact);
      await navigate(nextPathAfterSave(step, toClientFields(result.data.contact)));
      return;
    }
    if (result.status === 404) {
      funnel.forgetLead();
      await navigate("/", { replace: true });
      return;
    }
    // The row's own wording of a refusal (the phone step's), whatever its 4xx. An unreachable server (0), a rate
    // limit (429) or a server fault (5xx) says what happened instead: telling the visitor a good number is wrong
    // would only make them change it.
    const refused = step.refusal && result.status >= 400 && result.status < 500 && result.status !== 429;
    const errors = refused && step.refusal ? { [step.refusal.field]: step.refusal.message } : result.errors;
    stepForm.showFailure({ ...result, errors }, (wire) => {
      const field = clientFieldOfWire(step, wire);
      return field && options.formFieldOf ? options.formFieldOf(field) : field;
    });
  };
}
