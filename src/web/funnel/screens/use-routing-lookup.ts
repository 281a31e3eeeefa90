import { useCallback, useEffect, useRef, useState } from "react";
import { MESSAGES } from "#domain/messages.ts";
import { lookupRoutingNumber } from "#web/api/api.ts";
import type { ScreenForm } from "../step-schema.ts";

const NINE_DIGITS = /^\d{9}$/;

/** What the lookup said about one routing number. "unavailable": it could not be asked (no network). */
export type RoutingCheck = {
  aba: string;
  status: "looking" | "named" | "unnamed" | "invalid" | "unavailable";
  bankName?: string;
};

async function ask(aba: string): Promise<RoutingCheck> {
  const result = await lookupRoutingNumber(aba);
  if (result.ok && result.data) {
    return result.data.bank_name
      ? { aba, status: "named", bankName: result.data.bank_name }
      : { aba, status: "unnamed" };
  }
  return result.status === 0 || result.status === 429 || result.status >= 500
    ? { aba, status: "unavailable" }
    : { aba, status: "invalid" };
}

// The routing-number lookup of docs/product/behaviour.md: asked as soon as 9 digits are typed; a named bank fills the
// bank name (locked, as the number decides it), a valid number no directory names leaves it for the
// visitor to type, and a refused number shows "Invalid Routing Number!" and blocks the save. With an empty
// bank name at submit the lookup is waited for first. Fields: routingNumber, bankName.
export function useRoutingLookup(form: ScreenForm) {
  const { watch, getValues, setValue, setError } = form;
  // Read when a lookup answers: a named bank is checked again only once the form has been sent (reValidateMode).
  const submitted = useRef(false);
  submitted.current = form.formState.isSubmitted;
  const aba = (watch("routingNumber") as string | undefined) ?? "";
  const answers = useRef(new Map<string, Promise<RoutingCheck>>());
  const [check, setCheck] = useState<RoutingCheck | undefined>(undefined);
  const filledBankName = useRef(false);

  const lookup = useCallback((value: string) => {
    let answer = answers.current.get(value);
    if (!answer) {
      answer = ask(value).then((found) => {
        if (found.status === "unavailable") answers.current.delete(value);
        return found;
      });
      answers.current.set(value, answer);
    }
    return answer;
  }, []);

  const apply = useCallback(
    (found: RoutingCheck) => {
      setCheck(found);
      if (found.status === "named" && found.bankName) {
        setValue("bankName", found.bankName, { shouldValidate: submitted.current });
        filledBankName.current = true;
      }
    },
    [setValue],
  );

  useEffect(() => {
    // A bank name the lookup filled belongs to the number it was asked for.
    if (filledBankName.current) {
      setValue("bankName", "");
      filledBankName.current = false;
    }
    if (!NINE_DIGITS.test(aba)) return;
    let current = true;
    setCheck({ aba, status: "looking" });
    void lookup(aba).then((found) => {
      if (current) apply(found);
    });
    return () => {
      current = false;
    };
  }, [aba, lookup, apply, setValue]);

  const shown = check?.aba === aba ? check : undefined;

  /** Before validation: with no bank name yet, wait for the lookup of the typed number. */
  const beforeSubmit = async () => {
    const value = getValues("routingNumber") as string;
    if (NINE_DIGITS.test(value) && !getValues("bankName")) apply(await lookup(value));
  };

  /** After validation: false (with the message on the field) when the lookup refused the number. */
  const allowsSave = async (): Promise<boolean> => {
    const value = getValues("routingNumber") as string;
    const found = await lookup(value);
    if (found.status !== "invalid") return true;
    setError("routingNumber", { type: "lookup", message: MESSAGES.routingInvalid });
    form.focusFirstInvalid();
    return false;
  };

  return {
    check: shown,
    routingError: shown?.status === "invalid" ? MESSAGES.routingInvalid : undefined,
    beforeSubmit,
    allowsSave,
  };
}
