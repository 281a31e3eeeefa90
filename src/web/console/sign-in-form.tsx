import { Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { consoleSessionAnswer, signInRequest, type ConsoleSession } from "#domain/contracts/console.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "./console-api.ts";
import { ConsolePasswordField, ConsoleTextField } from "./form-fields.tsx";

// E-mail, password and the authenticator's code in one form: the server answers one message for any wrong part.
export function SignInForm({ notice, onSignedIn }: { notice?: string; onSignedIn: (session: ConsoleSession) => void }) {
  const form = useZodForm(signInRequest, { defaultValues: { email: "", password: "", code: "" } });
  const [refusal, setRefusal] = useState<string>();
  const onSubmit = form.submitWith(async (values) => {
    setRefusal(undefined);
    const res = await consoleApi.send("POST", "/session", values, consoleSessionAnswer);
    if (res.ok) return onSignedIn(res.data);
    form.setValue("code", "");
    setRefusal(res.message);
  });
  return (
    <Container component="main" id="console-main" size={440} py={64} className="console-sign-in">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Title order={1} size="h2" mb="md">
          Sign in to the Loanpath console
        </Title>
        {notice && !refusal ? <p role="status">{notice}</p> : null}
        <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-label="Sign in">
          <Stack gap="md">
            <ConsoleTextField control={form.control} name="email" label="E-mail" type="email" autoComplete="username" />
            <ConsolePasswordField
              control={form.control}
              name="password"
              label="Password"
              autoComplete="current-password"
            />
            <ConsoleTextField
              control={form.control}
              name="code"
              label="Code"
              description="Six digits from your authenticator app, or one of your recovery codes."
              autoComplete="one-time-code"
              inputMode="text"
            />
            <Text c="red.8" size="sm" role="alert" mih="1.25rem">
              {refusal ?? ""}
            </Text>
          </Stack>
          <Button type="submit" fullWidth aria-disabled={form.busy || undefined}>
            Sign in
          </Button>
        </form>
      </Paper>
    </Container>
  );
}
