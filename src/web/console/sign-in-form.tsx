import { useState } from "react";
import { consoleSessionAnswer, signInRequest, type ConsoleSession } from "#domain/contracts/console.ts";
import { TextField } from "#web/ui/forms/text-field.tsx";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "./console-api.ts";

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
    <main id="console-main" className="console-sign-in">
      <h1>Sign in to the Loanpath console</h1>
      {notice && !refusal ? <p role="status">{notice}</p> : null}
      <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-label="Sign in">
        <TextField control={form.control} name="email" label="E-mail" type="email" autoComplete="username" />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          control={form.control}
          name="code"
          label="Code"
          hint="Six digits from your authenticator app, or one of your recovery codes."
          autoComplete="one-time-code"
          inputMode="text"
        />
        <p className="console-form__error" role="alert">
          {refusal ?? ""}
        </p>
        <button type="submit" className="console-button console-button--primary" aria-disabled={form.busy || undefined}>
          Sign in
        </button>
      </form>
    </main>
  );
}
