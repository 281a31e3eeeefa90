import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { OPERATOR_ROLES, ROLE_LABELS } from "#domain/console/roles.ts";
import { enrolmentAnswer, newOperatorRequest, type EnrolmentData } from "#domain/contracts/console.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleSelectField, ConsoleTextField } from "../form-fields.tsx";

export const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The form's id: the page header's "Add operator" leads here. */
export const NEW_OPERATOR_FORM = "new-operator";

// A new account: the server makes its password, authenticator key and recovery codes, shown once by the page.
export function NewOperatorForm({ onCreated }: { onCreated: (enrolment: EnrolmentData) => void }) {
  const form = useZodForm(newOperatorRequest, {
    defaultValues: { email: "", name: "", role: "analyst", publisher_id: "", buyer_id: "" },
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (values) => {
    const res = await consoleApi.send("POST", "/operators", values, enrolmentAnswer);
    if (res.ok) {
      form.reset();
      setProblem(undefined);
      return onCreated(res.data);
    }
    const left = form.setServerErrors(res.errors);
    setProblem(Object.keys(res.errors).length && !Object.keys(left).length ? undefined : res.message);
  });
  return (
    <Paper withBorder p="lg" radius="md" my="lg" maw={560}>
      <form
        id={NEW_OPERATOR_FORM}
        ref={form.formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="new-operator-title"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="new-operator-title">
            Add an operator
          </Title>
          <ConsoleTextField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" />
          <ConsoleTextField control={form.control} name="name" label="Name" autoComplete="off" />
          <ConsoleSelectField control={form.control} name="role" label="Role" options={ROLE_OPTIONS} />
          <ConsoleTextField
            control={form.control}
            name="publisher_id"
            label="Publisher id"
            description="For a publisher account only: the one publisher it sees."
            autoComplete="off"
          />
          <ConsoleTextField
            control={form.control}
            name="buyer_id"
            label="Buyer id"
            description="For a buyer account only: the one buyer whose portal it sees."
            autoComplete="off"
          />
          <Text className="console-problem" size="sm" role="alert" mih="1.25rem">
            {problem ?? ""}
          </Text>
          <div>
            <Button type="submit" aria-disabled={form.busy || undefined}>
              Add operator
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
