import { Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { consoleReturnFiledAnswer, consoleReturnRequest } from "#domain/contracts/console-returns.ts";
import { RETURN_REASONS } from "#domain/partners/publisher.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleSelectField, ConsoleTextAreaField, ConsoleTextField } from "../form-fields.tsx";
import { REASON_LABELS } from "./return-labels.ts";

type Values = { buyer_id: string; lead_id: string; reason: string; note: string };

const REASONS = RETURN_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

/** The form's id: the page header's "File a return" and the empty queue's lead here. */
export const RETURN_FILE_FORM = "return-file-form";

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
    <Paper withBorder p="lg" radius="md" my="lg" maw={720}>
      <form id={RETURN_FILE_FORM} ref={form.formRef} noValidate onSubmit={onSubmit} aria-labelledby="return-file-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="return-file-title">
            File a return for a buyer
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <ConsoleTextField control={c} name="buyer_id" label="Buyer id" autoComplete="off" />
            <ConsoleTextField control={c} name="lead_id" label="Lead id" autoComplete="off" />
            <ConsoleSelectField control={c} name="reason" label="Reason" options={REASONS} />
          </SimpleGrid>
          <ConsoleTextAreaField
            control={c}
            name="note"
            label="Note"
            description="Needed when the reason is other."
            rows={2}
          />
          <Text className="console-problem" size="sm" role="alert" mih="1.25rem">
            {problem ?? ""}
          </Text>
          <div>
            <Button type="submit" variant="default" aria-disabled={form.busy || undefined}>
              File the return
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
