import { useState } from "react";
import { consoleReturnFiledAnswer, consoleReturnRequest } from "#domain/contracts/console-returns.ts";
import { RETURN_REASONS } from "#domain/partners/publisher.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import { TextAreaField } from "#web/ui/forms/text-area-field.tsx";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { REASON_LABELS } from "./return-labels.ts";

type Values = { buyer_id: string; lead_id: string; reason: string; note: string };

const REASONS = RETURN_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

// A return filed by an operator on a buyer's behalf: the buyer API's rules (window, cap, one open return per lead).
export function ReturnFileForm(props: { onFiled: (message: string) => void }) {
  const form = useZodForm<typeof consoleReturnRequest, Values>(consoleReturnRequest, {
    defaultValues: { buyer_id: "", lead_id: "", reason: "wrong_number", note: "" },
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (request) => {
    const res = await consoleApi.send("POST", "/returns", request, consoleReturnFiledAnswer);
    if (res.ok) {
      setProblem(undefined);
      form.reset();
      return props.onFiled(res.message);
    }
    for (const [path, message] of Object.entries(res.errors)) form.setError(path as keyof Values, { message });
    setProblem(res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      className="console-form"
      aria-labelledby="return-file-title"
    >
      <h2 id="return-file-title">File a return for a buyer</h2>
      <TextField control={c} name="buyer_id" label="Buyer id" autoComplete="off" />
      <TextField control={c} name="lead_id" label="Lead id" autoComplete="off" />
      <SelectField control={c} name="reason" label="Reason" options={REASONS} />
      <TextAreaField control={c} name="note" label="Note" hint="Needed when the reason is other" rows={2} />
      <p className="console-form__error" role="alert">
        {problem ?? ""}
      </p>
      <button type="submit" className="console-button" aria-disabled={form.busy || undefined}>
        File the return
      </button>
    </form>
  );
}
