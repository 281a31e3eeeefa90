import type { ContactAnswer, CreateLeadBody, LeadWrite } from "#domain/contracts/lead.ts";
import { toServerFields } from "#domain/fields/field-names.ts";
import type { Step } from "#domain/steps/step.ts";
import { useNavigate } from "react-router";
import { createLead, joinMarketingList, updateLead, type ApiResult } from "#web/api/api.ts";
import type { TemporaryContact } from "#web/session/temporary-contact.ts";
import { readAttribution } from "#web/site/attribution.ts";
import { useFunnel } from "./funnel-state.tsx";
import { refusalOf, type Save } from "./refusal.ts";
import { clientFieldOfServerName } from "./step-flow.ts";

// The screens without a step number save through lead create and update (docs/product/behaviour.md): the
// legal name waits in the temporary contact, and the e-mail screen creates the lead from the quick start's
// answers, the names and the e-mail, with the consent REQUEST NOW gave. Names are the registry's client
// names, turned into server names by toServerFields.

/** The create request: the temporary contact (quick start, names) plus the e-mail. */
export function createLeadBody(temporary: TemporaryContact, email: string): CreateLeadBody {
  const client: Record<string, unknown> = {
    amount: temporary.amount,
    loanReason: temporary.loanReason,
    zipCode: temporary.zipCode,
    city: temporary.city,
    state: temporary.state,
    zipPosition: { lat: temporary.lat, long: temporary.long },
    userAgent: temporary.userAgent,
    email,
  };
  if (temporary.trackingId) client.tracking_id = temporary.trackingId;
  const utmSource = readAttribution().utm_source;
  if (utmSource) client.utm_source = utmSource;
  if (temporary.firstName) client.firstName = temporary.firstName;
  if (temporary.lastName) client.lastName = temporary.lastName;
  // The visitor's IP is not sent: the server records the address the request comes from (user_ip is
  // read-only in the registry), which is the one the quick start saw.
  return { ...(toServerFields(client) as CreateLeadBody), consent: temporary.consent };
}

/**
 * The save of the legal name, e-mail and loan confirmation screens: the answers (client names) go onto the
 * visitor's lead with an update, or, on the e-mail screen before there is a lead, create it. Before the
 * lead exists the legal name is kept in the temporary contact. Only a 200 moves on; a refusal is answered for the
 * shell to show.
 */
export function useSaveLead(step: Step): Save {
  const funnel = useFunnel();
  const navigate = useNavigate();

  return async (answers: Record<string, unknown>) => {
    const { leadId, temporary } = funnel;
    let request: Promise<ApiResult<ContactAnswer>>;
    if (leadId) request = updateLead(leadId, toServerFields(answers) as LeadWrite);
    else if (temporary && step.screen === "email")
      request = createLead(createLeadBody(temporary, String(answers.email)));
    else if (temporary) {
      funnel.mergeTemporary(answers);
      await navigate(step.next);
      return;
    } else {
      await navigate("/", { replace: true });
      return;
    }
    const result = await request;
    if (result.ok && result.data) {
      // A new lead joins the marketing list its quick start consent covered (docs/product/marketing.md).
      if (!leadId) void joinMarketingList(result.data.contact.lead_id);
      funnel.saved(result.data.contact);
      await navigate(step.next);
      return;
    }
    if (result.status === 404) {
      funnel.forgetLead();
      await navigate("/", { replace: true });
      return;
    }
    return refusalOf(step, result, clientFieldOfServerName);
  };
}
