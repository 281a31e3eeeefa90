import { Button, Group, Stack, Text, Title, type TitleOrder } from "@mantine/core";
import { useId, useState } from "react";
import { topUpAnswer } from "#domain/contracts/buyer-payments.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleTextField } from "../form-fields.tsx";
import { topUpFormSchema, type TopUpFormValues } from "./money-forms.ts";

// A top-up's amount, sent to make the payment provider's page (docs/product/buyer-money.md#payments): from a buyer's
// page for an operator to send on, and from the portal for the buyer to pay. Each screen says what to do with the
// page's address; the contract's messages land on the amount, the provider's refusal (none configured, 409) below.
export function TopUpForm(props: {
  /** The console path that makes the page. */
  path: string;
  title: string;
  titleOrder: TitleOrder;
  description: string;
  submitLabel: string;
  onMade: (made: { url: string; message: string }) => void;
}) {
  const titleId = useId();
  const form = useZodForm<typeof topUpFormSchema, TopUpFormValues>(topUpFormSchema, {
    defaultValues: { amount: "" },
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (request) => {
    const res = await consoleApi.send("POST", props.path, request, topUpAnswer);
    if (res.ok) {
      setProblem(undefined);
      return props.onMade({ url: res.data.url, message: res.message });
    }
    const left = form.setServerErrors(res.errors);
    setProblem(Object.keys(res.errors).length && !Object.keys(left).length ? undefined : res.message);
    form.focusFirstInvalid();
  });
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={props.titleOrder} size="h4" id={titleId}>
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.description}
        </Text>
        <Group align="flex-start" gap="sm">
          <ConsoleTextField
            control={form.control}
            name="amount"
            label="Amount in dollars"
            inputMode="decimal"
            autoComplete="off"
            w={200}
          />
          <Button type="submit" variant="default" mt={24} aria-disabled={form.busy || undefined}>
            {props.submitLabel}
          </Button>
        </Group>
        <Text className="console-problem" size="sm" role="alert" mih="1.25rem">
          {problem ?? ""}
        </Text>
      </Stack>
    </form>
  );
}
