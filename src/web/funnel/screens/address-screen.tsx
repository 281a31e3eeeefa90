import { useEffect, useRef } from "react";
import { digitsOnly } from "#domain/masks.ts";
import { useZipPlace } from "#web/api/use-zip-place.ts";
import { addressSuggestQuerySchema, type AddressSuggestion } from "#domain/contracts/lookups.ts";
import { suggestAddresses } from "#web/api/api.ts";
import { ComboboxField } from "#web/ui/forms/combobox-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { fieldInput } from "../fields/field-inputs.ts";
import { useFunnel } from "../funnel-state.tsx";
import { defaultValuesFor } from "../prefill.ts";
import { StepShell } from "../step-shell.tsx";
import { useStepSchema } from "../step-schema.ts";
import { useSaveStep } from "../use-save-step.ts";
import { useSuggestions } from "../use-suggestions.ts";
import type { ScreenProps } from "../screen-props.ts";

const FIVE_DIGITS = /^\d{5}$/;

/** docs/product/validation.md: other characters are stripped as they are typed. */
const zipDigits = (typed: string) => digitsOnly(typed).slice(0, 5);

// Address of residence (docs/product/behaviour.md and docs/product/validation.md): street and zip; city and state come
// from the zip lookup and show under the zip. A changed zip clears the shown city and state until its own lookup
// answers; an unknown zip leaves them empty, which the form refuses with "Invalid zip code!" under the zip. The zip
// of the quick start, already on the lead, starts the form.
export function AddressScreen({ step }: ScreenProps) {
  const funnel = useFunnel();
  const form = useZodForm(useStepSchema(step), { defaultValues: defaultValuesFor(step, funnel.contact) });
  const save = useSaveStep(step);
  const { watch, getValues, setValue, formState } = form;
  const zip = watch("zipCode") ?? "";
  const city = watch("city");
  const state = watch("state");
  const { lookup, resolve } = useZipPlace(zip);
  // The zip the shown city and state belong to.
  const placeZip = useRef(city && state ? zip : "");
  const revalidate = formState.isSubmitted;

  useEffect(() => {
    const place = lookup?.status === "found" ? lookup.place : undefined;
    if (place) {
      setValue("city", place.city, { shouldValidate: revalidate });
      setValue("state", place.state, { shouldValidate: revalidate });
      placeZip.current = zip;
    } else if (placeZip.current !== zip && (getValues("city") || getValues("state"))) {
      setValue("city", "");
      setValue("state", "");
      placeZip.current = "";
    }
  }, [zip, lookup, getValues, setValue, revalidate]);

  // docs/product/behaviour.md: with no city or state yet at submit, the zip is looked up first.
  const lookUpZip = async () => {
    const typed = getValues("zipCode");
    if (!getValues("city") && FIVE_DIGITS.test(typed)) {
      const place = await resolve(typed);
      if (place) {
        setValue("city", place.city);
        setValue("state", place.state);
        placeZip.current = typed;
      }
    }
  };

  // docs/product/server-calls.md: street suggestions near the zip once two characters are typed. Only for a
  // street the service takes (its own rule: length and the street's characters): it answers anything else with
  // a 400, which the browser reports, and a visitor pausing on a stray character would meet it.
  const street = watch("streetAddress") ?? "";
  const position = lookup?.status === "found" ? lookup.place : undefined;
  const addresses = useSuggestions(
    street,
    (address, signal) =>
      suggestAddresses({ zip, address, lead_id: funnel.leadId, lat: position?.lat, long: position?.long }, signal),
    (address) => addressSuggestQuerySchema.shape.address.safeParse(address).success && FIVE_DIGITS.test(zip),
  );

  // The city and state are nowhere on the screen but under the zip: so are their messages.
  const placeError = formState.errors.city?.message ?? formState.errors.state?.message;
  const shownPlace = city && state && placeZip.current === zip ? `${city}, ${state}` : undefined;
  return (
    <StepShell step={step} form={form} onValid={save} beforeValidation={lookUpZip}>
      <ComboboxField
        {...fieldInput("streetAddress")}
        control={form.control}
        name="streetAddress"
        suggestions={addresses}
        textOf={(a: AddressSuggestion) => a.address}
        render={(a: AddressSuggestion) => `${a.address}, ${a.city}, ${a.state} ${a.zip}`}
        onPick={(a: AddressSuggestion) => {
          if (a.zip !== zip) setValue("zipCode", a.zip, { shouldValidate: revalidate });
        }}
      />
      <TextField
        {...fieldInput("zipCode")}
        control={form.control}
        name="zipCode"
        normalize={zipDigits}
        error={placeError}
        note={shownPlace}
      />
    </StepShell>
  );
}
