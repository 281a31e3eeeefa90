import { useLocation, useNavigate } from "react-router";
import { toClientFields } from "#domain/fields/field-names.ts";
import type { FormValues, Step } from "#domain/steps/step.ts";
import { formToStepBody } from "#domain/steps/step-bodies.ts";
import { saveStep } from "#web/api/api.ts";
import { consentPlaceholdersFor } from "#web/site/consent-placeholders.ts";
import { useSite } from "#web/site/use-site.ts";
import { useFunnel } from "./funnel-state.tsx";
import { refusalOf, type Save } from "./refusal.ts";
import { clientFieldOfWire, consentEvidence, nextPathAfterSave } from "./step-flow.ts";

// The save of every numbered screen (docs/product/behaviour.md, every step): the row's body (formToStepBody, which
// reads the saved answers it needs itself) with the consent evidence of the text the screen shows, sent as the step
// update. Only a 200 moves on, by client navigation; a refusal is answered for the shell to show (refusalOf: wire
// names -> the row's form fields, or the row's own wording). Nothing here names a field.
export function useSaveStep(step: Step, options: { formFieldOf?: (field: string) => string } = {}): Save {
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
    return refusalOf(step, result, (wire) => {
      const field = clientFieldOfWire(step, wire);
      return field && options.formFieldOf ? options.formFieldOf(field) : field;
    });
  };
}
