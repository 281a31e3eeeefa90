import { Button, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { paymentRecordedAnswer } from "#domain/contracts/buyer-payments.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleTextField } from "../form-fields.tsx";
import { paymentFormSchema, type PaymentFormValues } from "../money/money-forms.ts";

// A payment an operator records for a buyer (docs/product/buyer-money.md#payments): the amount in dollars, the
// transfer's or cheque's reference and the day the money arrived, checked by the contract the server checks, each
// message on its field; the server's answer lands the same way.
export function BuyerMoneyPaymentForm(props: {
  buyerId: string;
  /** The day the form starts on: today where the operator is. */
  today: string;
  onRecorded: (message: string) => void;
}) {
  const titleId = useId();
  const blank = { amount: "", reference: "", paid_on: props.today };
  const form = useZodForm<typeof paymentFormSchema, PaymentFormValues>(paymentFormSchema, { defaultValues: blank });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (request) => {
    const path = `/buyers/${encodeURIComponent(props.buyerId)}/payments`;
    const res = await consoleApi.send("POST", path, request, paymentRecordedAnswer);
    if (res.ok) {
      setProblem(undefined);
      form.reset(blank);
      return props.onRecorded(res.message);
    }
    const left = form.setServerErrors(res.errors);
    setProblem(Object.keys(res.errors).length && !Object.keys(left).length ? undefined : res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          Record a payment
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <ConsoleTextField
            control={c}
            name="amount"
            label="Amount in dollars"
            inputMode="decimal"
            autoComplete="off"
          />
          <ConsoleTextField
            control={c}
            name="reference"
            label="Reference"
            description="The transfer's or cheque's"
            autoComplete="off"
          />
          <ConsoleTextField control={c} name="paid_on" label="Day the money arrived" type="date" />
        </SimpleGrid>
        <Text className="console-problem" size="sm" role="alert" mih="1.25rem">
          {problem ?? ""}
        </Text>
        <div>
          <Button type="submit" variant="default" aria-disabled={form.busy || undefined}>
            Record the payment
          </Button>
        </div>
      </Stack>
    </form>
  );
}
