import { Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { portalReturnFiledAnswer, portalReturnRequest } from "#domain/contracts/portal-returns.ts";
import { RETURN_REASONS } from "#domain/partners/publisher.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleSelectField, ConsoleTextAreaField, ConsoleTextField } from "../form-fields.tsx";
import { REASON_LABELS } from "../returns/return-labels.ts";

type Values = { lead_id: string; reason: string; note: string };

const REASONS = RETURN_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }));

const PORTAL_RETURN_FORM = "portal-return-form";

// A buyer user's return of a lead it bought (docs/product/partners.md#returns): the buyer API's request, checked by
// its schema here and again on the server, which applies the API's rules and answers its refusals.
export function PortalReturnsForm(props: { leadId: string; onFiled: (message: string) => void }) {
  const form = useZodForm<typeof portalReturnRequest, Values>(portalReturnRequest, {
    defaultValues: { lead_id: props.leadId, reason: "wrong_number", note: "" },
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (request) => {
    const res = await consoleApi.send("POST", "/portal/returns", request, portalReturnFiledAnswer);
    if (res.ok) {
      setProblem(undefined);
      form.reset({ lead_id: "", reason: "wrong_number", note: "" });
      return props.onFiled(res.message);
    }
    for (const [path, message] of Object.entries(res.errors)) form.setError(path as keyof Values, { message });
    setProblem(res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  return (
    <Paper withBorder p="lg" radius="md" my="lg" maw={720}>
      <form
        id={PORTAL_RETURN_FORM}
        ref={form.formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="portal-return-title"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="portal-return-title">
            File a return
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ConsoleTextField control={c} name="lead_id" label="Lead id" autoComplete="off" />
            <ConsoleSelectField control={c} name="reason" label="Reason" options={REASONS} />
          </SimpleGrid>
          <ConsoleTextAreaField
            control={c}
            name="note"
            label="Note"
            description="What you found; needed when the reason is other."
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
