import { Button, Fieldset, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { PAYOUT_KINDS, POSTBACK_MACROS, type PublisherSettings } from "#domain/partners/publisher.ts";
import { publisherSavedAnswer, publisherSecretAnswer } from "#domain/contracts/console-publishers.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleSelectField, ConsoleTextField } from "../form-fields.tsx";
import { PAYOUT_KIND_LABELS, publisherTimeZoneOptions } from "./publisher-labels.ts";
import { formValuesOf, publisherFormSchema, type PublisherFormValues } from "./publisher-form-schema.ts";

const MACROS = POSTBACK_MACROS.map((m) => `{${m}}`).join(" ");

// A publisher's settings as a form (docs/product/partners.md#publishers), checked in the browser by the schema the
// server uses, each message on its field; the server's answer lands the same way.
export function PublisherForm(props: {
  /** The publisher to edit, or none for a new one. */
  publisher?: PublisherSettings;
  /** A new publisher comes with its postback secret, to show once. */
  onSaved: (saved: { publisher: PublisherSettings; message: string; postbackSecret?: string }) => void;
}) {
  const editing = props.publisher !== undefined;
  const form = useZodForm<typeof publisherFormSchema, PublisherFormValues>(publisherFormSchema, {
    defaultValues: formValuesOf(props.publisher),
  });
  const [problem, setProblem] = useState<string>();
  const onSubmit = form.submitWith(async (settings) => {
    const res = editing
      ? await consoleApi.send("PUT", `/publishers/${encodeURIComponent(settings.id)}`, settings, publisherSavedAnswer)
      : await consoleApi.send("POST", "/publishers", settings, publisherSecretAnswer);
    if (res.ok) {
      setProblem(undefined);
      const data = res.data as { postback_secret?: string };
      const secret = data.postback_secret;
      return props.onSaved({ publisher: res.data.publisher, message: res.message, postbackSecret: secret });
    }
    const left = form.setServerErrors(res.errors);
    setProblem(Object.keys(res.errors).length && !Object.keys(left).length ? undefined : res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  // The payout is typed in the unit of its rule: percent for a share, dollars otherwise.
  const share = form.watch("payout_kind") === "revenue_share";
  const zone = form.watch("time_zone");
  const termsNote = useId();
  return (
    <Paper withBorder p="lg" radius="md" my="lg" maw={760}>
      <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-labelledby="publisher-form-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="publisher-form-title">
            {editing ? "Settings" : "New publisher"}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <ConsoleTextField
              control={c}
              name="id"
              label="Id"
              readOnly={editing}
              autoComplete="off"
              description="Its tracking link is /r/{id}"
            />
            <ConsoleTextField control={c} name="name" label="Name" autoComplete="off" />
            <ConsoleTextField
              control={c}
              name="aff_id"
              label="aff_id"
              autoComplete="off"
              description="The aff_id its links carry"
            />
            <ConsoleSelectField
              control={c}
              name="enabled"
              label="Status"
              options={[
                { value: "yes", label: "Enabled" },
                { value: "no", label: "Disabled" },
              ]}
            />
            <ConsoleSelectField
              control={c}
              name="payout_kind"
              label="Payout rule"
              options={PAYOUT_KINDS.map((kind) => ({ value: kind, label: PAYOUT_KIND_LABELS[kind] }))}
            />
            <ConsoleTextField
              control={c}
              name="payout_amount"
              label="Payout"
              inputMode="decimal"
              autoComplete="off"
              description={share ? "Percent of the sale's price, e.g. 12.5%" : "Dollars per lead, e.g. $7.50"}
            />
            <ConsoleTextField
              control={c}
              name="hold_days"
              label="Hold (days)"
              inputMode="numeric"
              description="Before a payout is final"
            />
          </SimpleGrid>
          <ConsoleTextField
            control={c}
            name="postback_url"
            label="Postback address"
            type="url"
            autoComplete="off"
            description={`Optional. Macros: ${MACROS}`}
          />
          {/* Its terms for the leads it posts through the publisher API (docs/decisions/0052-posted-terms.md). */}
          <Fieldset legend="Posted leads" variant="unstyled" aria-describedby={termsNote}>
            <Stack gap="md">
              <Text id={termsNote} size="sm" c="dimmed">
                Terms for the leads it posts through the publisher API. Leave a field empty for no limit.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <ConsoleTextField
                  control={c}
                  name="posted_min_payout_cents"
                  label="Minimum payout"
                  inputMode="decimal"
                  autoComplete="off"
                  description="The least it earns for a posted lead, in dollars, e.g. $5.00"
                />
                <ConsoleTextField
                  control={c}
                  name="posted_min_margin_cents"
                  label="Loanpath's minimum margin"
                  inputMode="decimal"
                  autoComplete="off"
                  description="The least Loanpath keeps of each sale (price less payout), in dollars"
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
                <ConsoleTextField
                  control={c}
                  name="posted_cap_hourly"
                  label="Hourly cap"
                  inputMode="numeric"
                  autoComplete="off"
                  description="Posted leads per hour"
                />
                <ConsoleTextField
                  control={c}
                  name="posted_cap_daily"
                  label="Daily cap"
                  inputMode="numeric"
                  autoComplete="off"
                  description="Posted leads per day"
                />
                <ConsoleTextField
                  control={c}
                  name="posted_cap_monthly"
                  label="Monthly cap"
                  inputMode="numeric"
                  autoComplete="off"
                  description="Posted leads per month"
                />
              </SimpleGrid>
              <ConsoleSelectField
                control={c}
                name="time_zone"
                label="Time zone"
                description="Its caps count its hours, days and months in this zone"
                options={publisherTimeZoneOptions(zone)}
              />
            </Stack>
          </Fieldset>
          <Text className="console-problem" size="sm" role="alert" mih="1.25rem">
            {problem ?? ""}
          </Text>
          <div>
            <Button type="submit" aria-disabled={form.busy || undefined}>
              {editing ? "Save" : "Add publisher"}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
