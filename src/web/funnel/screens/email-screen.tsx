import { useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { emailCompletions, likelyEmailFix } from "#domain/email-domains.ts";
import type { FormValues } from "#domain/steps/step.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { ComboboxField } from "#web/ui/forms/combobox-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { useSaveLead } from "../save-lead.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import "../confirm-choice.css";
import type { ScreenProps } from "../screen-props.ts";

/**
 * Session storage: the new-email flag (docs/product/lead-fields.md, storage keys), set while a typed address
 * the lead does not have yet waits for the visitor's Confirm. It holds that address, so a reload with the
 * pop-up open asks about the same address again instead of dropping it.
 */
const NEW_EMAIL_KEY = "newEmail";

function setNewEmailFlag(pending: string | undefined) {
  try {
    if (pending) sessionStorage.setItem(NEW_EMAIL_KEY, pending);
    else sessionStorage.removeItem(NEW_EMAIL_KEY);
  } catch {
    // Storage disabled: the pop-up still asks within this page.
  }
}

function pendingNewEmail(): string | undefined {
  try {
    return sessionStorage.getItem(NEW_EMAIL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

// E-mail (docs/product/screens-and-routes.md): the address completes with the common providers as it is typed,
// and a new address is shown back in a pop-up before it is saved: Confirm saves it and goes on, Edit
// closes the pop-up and puts the visitor back in the field. A domain one slip from a known provider
// ("gmial.com") is offered corrected, in one tap that saves it. Its Next creates the lead from the quick
// start's answers and the legal name, or updates the lead's e-mail.
export function EmailScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const saved = typeof funnel.contact.email === "string" ? funnel.contact.email : undefined;
  // An address still waiting for Confirm when the page was reloaded is asked about again.
  const [pending] = useState(() => {
    const address = pendingNewEmail();
    return address && address.toLowerCase() !== saved?.toLowerCase() ? address : undefined;
  });
  const defaults = defaultValuesFor(step, funnel.contact);
  const form = useZodForm(useStepSchema(step), { defaultValues: pending ? { ...defaults, email: pending } : defaults });
  const save = useSaveLead(step);
  const typed = useWatch({ control: form.control, name: "email" }) ?? "";
  const [checking, setChecking] = useState<string | undefined>(pending);
  const confirmed = useRef<string | undefined>(undefined);

  const checkedSave = async (values: FormValues) => {
    const email = String(values.email);
    const isNew = email.toLowerCase() !== saved?.toLowerCase();
    if (isNew && confirmed.current !== email) {
      setNewEmailFlag(email);
      setChecking(email);
      return;
    }
    const refusal = await save(values);
    setNewEmailFlag(undefined);
    return refusal;
  };

  /** Saves `address` (the one asked about, or its correction) without asking again. */
  const confirm = (address = checking) => {
    confirmed.current = address;
    setChecking(undefined);
    form.formRef.current?.requestSubmit();
  };
  const fix = checking === undefined ? undefined : likelyEmailFix(checking);
  const useFix = () => {
    if (!fix) return;
    form.setValue("email", fix);
    confirm(fix);
  };
  const edit = () => {
    setChecking(undefined);
    setNewEmailFlag(undefined);
    // After the pop-up has given focus back, move it into the field.
    setTimeout(() => form.setFocus("email", { shouldSelect: true }), 0);
  };

  return (
    <StepShell step={step} form={form} onValid={checkedSave}>
      <ComboboxField
        {...fieldInput("email")}
        control={form.control}
        name="email"
        suggestions={emailCompletions(typed)}
      />
      <Dialog
        open={checking !== undefined}
        onClose={edit}
        role="alertdialog"
        size="small"
        closeOnOutsideClick={false}
        title="Is your e-mail address right?"
        actions={
          <div className="confirm-choice__actions">
            {fix ? (
              <button type="button" className="button button--primary" data-autofocus onClick={useFix}>
                Use {fix.slice(fix.lastIndexOf("@") + 1)}
              </button>
            ) : null}
            <button
              type="button"
              className={fix ? "button button--secondary" : "button button--primary"}
              data-autofocus={fix ? undefined : true}
              onClick={() => confirm()}
            >
              Confirm
            </button>
            <button type="button" className="button button--secondary" onClick={edit}>
              Edit
            </button>
          </div>
        }
      >
        <p>
          We will send your loan request details to <strong className="email-check__address">{checking}</strong>. Please
          check that it is spelled right.
        </p>
        {fix ? (
          <p>
            Did you mean <strong className="email-check__address">{fix}</strong>?
          </p>
        ) : null}
      </Dialog>
    </StepShell>
  );
}
