import { Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { screeningSettingsAnswer } from "#domain/contracts/console-screening.ts";
import type { ScreeningSettings } from "#domain/screening/quality-checks.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { RefusalRuleRows } from "./refusal-rule-rows.tsx";
import { fieldOf, formValuesOf, rulesFormSchema, type RulesFormValues } from "./rules-form-schema.ts";
import { VelocityFields } from "./velocity-fields.tsx";

// The gate's rules and velocity limits, edited and saved whole (PUT /api/console/screening/settings, buyers:write):
// checked in the browser by the server's schema, and the server's field errors shown on the same controls.
export function RulesForm(props: { settings: ScreeningSettings; onSaved: (message: string) => void }) {
  const form = useZodForm<typeof rulesFormSchema, RulesFormValues>(rulesFormSchema, {
    defaultValues: formValuesOf(props.settings),
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (settings) => {
    const res = await consoleApi.send("PUT", "/screening/settings", settings, screeningSettingsAnswer);
    if (res.ok) {
      setProblem(undefined);
      // The form stays (and the focus on its button): it now holds the settings as saved.
      form.reset(formValuesOf(res.data.settings));
      return props.onSaved(res.message);
    }
    const unplaced: string[] = [];
    for (const [path, message] of Object.entries(res.errors)) {
      const name = fieldOf(path);
      if (name) form.setError(name as "rules", { type: "server", message });
      else unplaced.push(message);
    }
    setProblem([res.message, ...unplaced].join(" "));
    form.focusFirstInvalid();
  });
  const c = form.control;
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-label="The gate's rules and limits">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Refusal rules
          </Title>
          <Text size="sm" mt={4}>
            The gate reads the rules in order, and the first that matches refuses the lead with its reason code: put the
            rule whose code you want to see first. A phone on a do-not-call or litigator list is always refused, so
            those two rules cannot be removed; their reason codes can be changed.
          </Text>
        </div>
        <RefusalRuleRows control={c} />
        <div>
          <Title order={3} size="h4">
            Velocity limits
          </Title>
          <Text size="sm" mt={4}>
            Applications are counted per device, IP address, phone and e-mail over a window; one past the limit is
            flagged, and a rule on Velocity decides whether a flagged lead is refused.
          </Text>
        </div>
        <VelocityFields control={c} />
        <Text className="console-problem" c="var(--mantine-color-error)" size="sm" role="alert" mih="1.25rem">
          {problem ?? ""}
        </Text>
        <div>
          <Button type="submit" aria-disabled={form.busy || undefined}>
            Save rules and limits
          </Button>
        </div>
      </Stack>
    </form>
  );
}
