import { useLocation, useNavigate } from "react-router";
import { toClientFields } from "#domain/fields/field-names.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { PayFrequency } from "#domain/options.ts";
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
// fields), and the phone step's refusal reads "Phone number is invalid!".
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
    const payFrequency = funnel.contact.incomePaymentFrequency as PayFrequency | undefined;
    const body = formToStepBody(step, values, payFrequency ? { payFrequency } : {});
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
    // docs/product/errors.md: the server's refusal of the phone step, whatever its 4xx, reads "Phone number is
    // invalid!". An unreachable server (0), a rate limit (429) or a server fault (5xx) says what happened
    // instead: telling the visitor a good number is wrong would only make them change it.
    const refusedPhone =
      step.fields.includes("phone") && result.status >= 400 && result.status < 500 && result.status !== 429;
    stepForm.showFailure(refusedPhone ? { ...result, errors: { phone: MESSAGES.phoneRefused } } : result, (wire) => {
      const field = clientFieldOfWire(step, wire);
      return field && options.formFieldOf ? options.formFieldOf(field) : field;
    });
  };
}
