import { Alert, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useId, useState, type ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { BILLING_KINDS, INVOICE_PERIODS, type BillingKind, type InvoicePeriod } from "#domain/buyers/billing.ts";
import { MASKED_SECRET } from "#domain/buyers/buyer-secrets.ts";
import { buyerSavedAnswer } from "#domain/contracts/console-buyers.ts";
import { CREDIT_SCORE_OPTIONS, PAY_FREQUENCY_OPTIONS, US_STATES } from "#domain/options.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import {
  ConsoleMultiSelectField,
  ConsoleNumberField,
  ConsoleSelectField,
  ConsoleTextAreaField,
  ConsoleTextField,
} from "../form-fields.tsx";
import { timeZoneChoices } from "../time.ts";
import { BuyerSwitch, BuyerTagsField } from "./buyer-controls.tsx";
import { draftOf, settingsTheFormLoses } from "./buyer-draft.ts";
import {
  buyerFormSchema,
  configIn,
  fieldOf,
  formValuesOf,
  jsonMessage,
  jsonText,
  type BuyerControl,
  type BuyerFormValues,
  type BuyerView,
} from "./buyer-form-schema.ts";
import { BILLING_LABELS } from "./buyer-labels.ts";
import { FieldMappingTable } from "./field-mapping-table.tsx";
import { OpeningHoursGrid } from "./opening-hours-grid.tsx";
import { PriceRulesEditor } from "./price-rules-editor.tsx";
import { PublisherListTable, type PublisherChoice } from "./publisher-list-table.tsx";
import { QualityDemands } from "./quality-demands.tsx";
import { StateFloorsTable } from "./state-floors-table.tsx";

const options = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

const CREDENTIALS_HINT = `Credentials show as ${MASKED_SECRET}: leave them so to keep them.`;

const BILLING_HINTS: Record<BillingKind, string> = {
  none: "no limit",
  prepaid: "buys while its balance lasts",
  credit: "buys while what it owes stays within its limit",
};
const BILLING_OPTIONS = BILLING_KINDS.map((kind) => ({
  value: kind,
  label: `${BILLING_LABELS[kind]}: ${BILLING_HINTS[kind]}`,
}));
const PERIOD_LABELS: Record<InvoicePeriod, string> = {
  weekly: "Weekly (Monday to Sunday, UTC)",
  monthly: "Monthly (the calendar month, UTC)",
};
const INVOICE_OPTIONS = INVOICE_PERIODS.map((period) => ({ value: period, label: PERIOD_LABELS[period] }));

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} id={id} mb={description ? 4 : "sm"}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** How a call's answer is read (docs/product/lender-network.md#field-mapping): dot paths into it. */
function AnswerFields({ control, call }: { control: BuyerControl; call: "ping" | "post" }) {
  const Call = call === "ping" ? "Ping" : "Post";
  const at = `config.${call}.answer` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <ConsoleTextField control={control} name={`${at}.success.path`} label={`${Call} answer: success path`} />
      <BuyerTagsField
        control={control}
        name={`${at}.success.equals`}
        label={`${Call} answer: values that mean accepted`}
        description="Type one, then Enter"
      />
      <ConsoleSelectField
        control={control}
        name={`${at}.format`}
        label={`${Call} answer: format`}
        options={options(["", "By its Content-Type"], ["json", "JSON"], ["xml", "XML"], ["form", "Form"])}
      />
      <ConsoleTextField control={control} name={`${at}.price`} label={`${Call} answer: price path`} />
      <ConsoleTextField control={control} name={`${at}.id`} label={`${Call} answer: id path`} />
      <ConsoleTextField control={control} name={`${at}.reason`} label={`${Call} answer: reason path`} />
      <ConsoleTextField control={control} name={`${at}.redirectUrl`} label={`${Call} answer: redirect path`} />
    </SimpleGrid>
  );
}

function FormSections({
  control,
  editing,
  publishers,
}: {
  control: BuyerControl;
  editing: boolean;
  publishers: readonly PublisherChoice[] | undefined;
}) {
  const [pricingKind, zone, billingKind] = useWatch({
    control,
    name: ["config.pricing.kind", "config.timeZone", "config.billing.kind"],
  });
  const c = control;
  return (
    <Stack gap="md">
      <Section title="Identity and endpoint">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ConsoleTextField control={c} name="config.id" label="Id" readOnly={editing} autoComplete="off" />
          <ConsoleTextField control={c} name="config.name" label="Name" autoComplete="off" />
          <ConsoleSelectField
            control={c}
            name="config.kind"
            label="Kind"
            options={options(["lead_buyer", "Lead buyer"], ["licensed_lender", "Licensed lender"])}
          />
          <ConsoleMultiSelectField
            control={c}
            name="config.licensedStates"
            label="Licensed states"
            description="A licensed lender names its states"
            options={US_STATES}
          />
          <ConsoleSelectField
            control={c}
            name="config.mode"
            label="Mode"
            options={options(["ping_post", "Ping, then post"], ["direct_post", "Direct post"])}
          />
          <ConsoleSelectField
            control={c}
            name="config.protocol"
            label="Protocol"
            options={options(["json", "JSON"], ["form", "Form"], ["xml", "XML"])}
          />
          <ConsoleTextField
            control={c}
            name="config.xmlRoot"
            label="XML root element"
            description="For the XML protocol; Lead unless set"
          />
          <ConsoleNumberField
            control={c}
            name="config.timeoutMs"
            label="Time limit (ms)"
            description="5000 unless set"
          />
          <ConsoleNumberField
            control={c}
            name="config.pauseAfterPostErrors"
            label="Pause after this many post errors in a row"
            description="An error answer, a timeout or a failed connection (a rejection is an answer); the operators are alerted. Never unless set"
          />
          <ConsoleTextField control={c} name="config.ping.url" label="Ping address" type="url" autoComplete="off" />
          <ConsoleTextField control={c} name="config.post.url" label="Post address" type="url" autoComplete="off" />
          <ConsoleTextAreaField
            control={c}
            name="config.ping.headers"
            label="Ping headers"
            description={`One a line, Name: value. ${CREDENTIALS_HINT}`}
            rows={2}
            resize="vertical"
            spellCheck={false}
          />
          <ConsoleTextAreaField
            control={c}
            name="config.post.headers"
            label="Post headers"
            description={`One a line, Name: value. ${CREDENTIALS_HINT}`}
            rows={2}
            resize="vertical"
            spellCheck={false}
          />
          <ConsoleSelectField
            control={c}
            name="config.testMode"
            label="Test mode"
            options={options(["live", "live"], ["test", "test"], ["both", "both"])}
          />
          <BuyerSwitch
            control={c}
            name="config.shadow"
            label="Shadow mode"
            description="Pinged and its bids recorded, never posted to"
          />
        </SimpleGrid>
      </Section>
      <Section title="Price">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ConsoleSelectField
            control={c}
            name="config.pricing.kind"
            label="Pricing"
            options={options(["bid", "It bids"], ["fixed", "A fixed price"])}
          />
          {pricingKind === "fixed" ? (
            <ConsoleNumberField
              control={c}
              name="config.pricing.price"
              label="Fixed price (dollars)"
              prefix="$"
              decimalScale={2}
            />
          ) : null}
          <ConsoleNumberField
            control={c}
            name="config.floor"
            label="Floor (dollars)"
            description="0 unless set"
            prefix="$"
            decimalScale={2}
          />
          <ConsoleNumberField control={c} name="config.tier" label="Tier" description="1 unless set" />
        </SimpleGrid>
        {pricingKind === "fixed" ? (
          <>
            <Title order={4}>Price rules</Title>
            <PriceRulesEditor control={c} publishers={publishers} />
          </>
        ) : (
          <>
            <Title order={4}>Floors by state</Title>
            <Text size="sm" c="dimmed">
              A bid from a lead in one of these states is taken only at its floor or above, instead of the floor above.
            </Text>
            <StateFloorsTable control={c} />
          </>
        )}
      </Section>
      <Section title="Filters" description="Leads the buyer is offered; an empty filter lets every lead through.">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ConsoleMultiSelectField control={c} name="config.filters.states" label="States" options={US_STATES} />
          <ConsoleMultiSelectField
            control={c}
            name="config.filters.creditScores"
            label="Credit bands"
            options={CREDIT_SCORE_OPTIONS}
          />
          <ConsoleMultiSelectField
            control={c}
            name="config.filters.payFrequencies"
            label="Pay frequencies"
            options={PAY_FREQUENCY_OPTIONS}
          />
          <ConsoleNumberField
            control={c}
            name="config.filters.minMonthlyIncome"
            label="Minimum monthly income (dollars)"
            prefix="$"
          />
          <Group grow align="flex-start" gap="sm">
            <ConsoleNumberField control={c} name="config.filters.loanAmount.min" label="Loan amount from" prefix="$" />
            <ConsoleNumberField control={c} name="config.filters.loanAmount.max" label="Loan amount to" prefix="$" />
          </Group>
          <Group grow align="flex-start" gap="sm">
            <ConsoleNumberField control={c} name="config.filters.age.min" label="Age from" />
            <ConsoleNumberField control={c} name="config.filters.age.max" label="Age to" />
          </Group>
          <ConsoleSelectField
            control={c}
            name="config.filters.military"
            label="Active military"
            options={options(["", "Either"], ["yes", "Active military only"], ["no", "No active military"])}
          />
          <BuyerSwitch control={c} name="config.filters.directDepositOnly" label="Direct deposit only" />
        </SimpleGrid>
      </Section>
      <Section
        title="Publishers"
        description="Partners' traffic the buyer refuses (deny), or the only partners' traffic it takes (allow): by the aff_id its leads carry and, optionally, one sub id."
      >
        <PublisherListTable control={c} publishers={publishers} />
      </Section>
      <Section
        title="Lead quality"
        description="What the gate's checks must have answered for the buyer to be offered a lead; nothing chosen is no demand."
      >
        <QualityDemands control={c} />
      </Section>
      <Section title="Schedule">
        <ConsoleSelectField
          control={c}
          name="config.timeZone"
          label="Time zone"
          description="The buyer's own: its opening hours and caps count in it"
          options={[
            { value: "", label: "America/New_York (unless set)" },
            ...timeZoneChoices(zone || undefined).map((value) => ({ value, label: value })),
          ]}
        />
        <OpeningHoursGrid control={c} />
      </Section>
      <Section title="Caps" description="How many leads it takes, how often the same person, and what it may return.">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <ConsoleNumberField control={c} name="config.caps.hourly" label="Hourly cap" />
          <ConsoleNumberField control={c} name="config.caps.daily" label="Daily cap" />
          <ConsoleNumberField
            control={c}
            name="config.caps.weekly"
            label="Weekly cap"
            description="From Monday 00:00 in its time zone"
          />
          <ConsoleNumberField control={c} name="config.caps.monthly" label="Monthly cap" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <ConsoleNumberField
            control={c}
            name="config.duplicateWindowDays"
            label="Duplicate window (days)"
            description="30 unless set"
          />
          <ConsoleNumberField
            control={c}
            name="config.returns.window_days"
            label="Return window (days)"
            description="Days after a sale it may return the lead; 7 unless set"
          />
          <ConsoleNumberField
            control={c}
            name="config.returns.cap_percent"
            label="Return cap (%)"
            description="Share of a month's leads it may return that month; 10 unless set"
          />
        </SimpleGrid>
      </Section>
      <Section
        title="Budget"
        description="The most it is sold in its own day and month, posts in flight counted at their price; no limit unless set."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ConsoleNumberField
            control={c}
            name="config.budget.daily"
            label="Daily budget (dollars)"
            prefix="$"
            decimalScale={2}
          />
          <ConsoleNumberField
            control={c}
            name="config.budget.monthly"
            label="Monthly budget (dollars)"
            prefix="$"
            decimalScale={2}
          />
        </SimpleGrid>
      </Section>
      <Section
        title="Billing"
        description="How it pays. A billed buyer is offered a lead only while its room covers the price: its payments and returns, less its sales and posts in flight, plus its credit limit on credit."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ConsoleSelectField control={c} name="config.billing.kind" label="How it pays" options={BILLING_OPTIONS} />
          {billingKind === "credit" ? (
            <ConsoleNumberField
              control={c}
              name="config.billing.creditLimit"
              label="Credit limit (dollars)"
              description="The most it may owe, posts in flight included"
              prefix="$"
              decimalScale={2}
            />
          ) : null}
          <ConsoleNumberField
            control={c}
            name="config.billing.lowRoomAlert"
            label="Low-room alert (dollars)"
            description="A billed buyer is e-mailed once when its room falls below this; none unless set"
            prefix="$"
            decimalScale={2}
          />
          <ConsoleTextField
            control={c}
            name="config.billing.email"
            label="Billing e-mail"
            description="Where the alert and its closed invoices go"
            type="email"
            autoComplete="off"
          />
          <ConsoleSelectField
            control={c}
            name="config.billing.invoicePeriod"
            label="Invoice period"
            description="A billed buyer's invoices are closed each period"
            options={INVOICE_OPTIONS}
          />
        </SimpleGrid>
      </Section>
      <Section
        title="Field mapping"
        description="What each call sends, field by field (translations as ours=theirs, comma-separated: BIWEEKLY=bi_weekly, YES=1), and where its answer says accepted, price and id. A ping carries ping fields only."
      >
        <Title order={4}>Ping</Title>
        <FieldMappingTable control={c} call="ping" />
        <AnswerFields control={c} call="ping" />
        <Title order={4} mt="md">
          Post
        </Title>
        <FieldMappingTable control={c} call="post" />
        <AnswerFields control={c} call="post" />
      </Section>
    </Stack>
  );
}

// A buyer's configuration as a form in sections (docs/product/lender-network.md#file-and-console), with the same
// configuration as JSON in an Advanced tab; either is checked in the browser by the schema the server and
// BUYERS_FILE use, each message on its field (or on the JSON with its path); the server's answer lands the same way.
export function BuyerForm(props: {
  /** The configuration to edit (credentials masked), or none for a new buyer. */
  config?: Record<string, unknown>;
  onSaved: (saved: { id: string; version: number; message: string }) => void;
  /** The console's publishers, suggested for the publisher list; none when the operator may not read them. */
  publishers?: readonly PublisherChoice[] | undefined;
}) {
  const editing = props.config !== undefined;
  // A configuration the form cannot hold exactly opens as JSON, where nothing of it is lost.
  const [lost, setLost] = useState(() => (props.config ? settingsTheFormLoses(props.config) : []));
  const form = useZodForm<typeof buyerFormSchema, BuyerFormValues>(buyerFormSchema, {
    defaultValues: formValuesOf(props.config, lost.length ? "json" : "form"),
  });
  const [problem, setProblem] = useState<string>();
  const view = useWatch({ control: form.control, name: "view" });

  const switchTo = (next: BuyerView) => {
    const values = form.getValues();
    if (next === values.view) return;
    form.clearErrors();
    if (next === "json") {
      const read = configIn(values);
      form.setValue("json", jsonText(read.ok ? read.config : values.base));
      form.setValue("view", "json");
      return;
    }
    const read = configIn(values);
    if (!read.ok) return form.setError("json", { type: "view", message: read.message });
    const unheld = settingsTheFormLoses(read.config);
    if (unheld.length)
      return form.setError("json", {
        type: "view",
        message: `The form cannot show ${unheld.join(", ")} exactly: edit them here, or write them as the form would.`,
      });
    form.reset({ ...values, config: draftOf(read.config), base: read.config, view: "form" });
    setLost([]);
  };

  const onSubmit = form.submitWith(async (request) => {
    const id = (request.config as { id: string }).id;
    const res = editing
      ? await consoleApi.send("PUT", `/buyers/${encodeURIComponent(id)}`, request, buyerSavedAnswer)
      : await consoleApi.send("POST", "/buyers", request, buyerSavedAnswer);
    if (res.ok) {
      setProblem(undefined);
      return props.onSaved({ ...res.data, message: res.message });
    }
    const errors = Object.entries(res.errors).map(([path, message]) => ({ path, message }));
    if (form.getValues("view") === "json") {
      const inConfig = errors.filter((e) => e.path.startsWith("config"));
      if (inConfig.length) form.setError("json", { type: "server", message: jsonMessage(inConfig) });
      for (const e of errors.filter((e) => !e.path.startsWith("config")))
        form.setError(e.path as "note", { type: "server", message: e.message });
    } else {
      for (const { path, message } of errors) {
        const field = fieldOf(path, message, form.getValues("config"));
        form.setError(field.name as never, { type: "server", message: field.message });
      }
    }
    setProblem(res.message);
    form.focusFirstInvalid();
  });
  const c = form.control;
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="buyer-form" aria-labelledby="buyer-form-title">
      <Stack gap="md">
        <Title order={2} id="buyer-form-title">
          {editing ? "Configuration" : "New buyer"}
        </Title>
        {lost.length ? (
          <Alert color="yellow" variant="light">
            This configuration has settings the form cannot show exactly ({lost.join(", ")}), so it opens as JSON.
          </Alert>
        ) : null}
        <Tabs value={view} onChange={(next) => next && switchTo(next as BuyerView)}>
          <Tabs.List mb="md">
            <Tabs.Tab value="form">Form</Tabs.Tab>
            <Tabs.Tab value="json">Advanced JSON</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="form">
            <FormSections control={c} editing={editing} publishers={props.publishers} />
          </Tabs.Panel>
          <Tabs.Panel value="json">
            <ConsoleTextAreaField
              control={c}
              name="json"
              label="Configuration (JSON)"
              description={`The same configuration as the form, checked by the same schema; back to the form once it reads. ${CREDENTIALS_HINT}`}
              rows={24}
              resize="vertical"
              spellCheck={false}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            />
          </Tabs.Panel>
        </Tabs>
        <ConsoleTextField control={c} name="note" label="Why (kept with the version)" autoComplete="off" />
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {problem ?? ""}
        </Text>
        <Group>
          <Button type="submit" aria-disabled={form.busy || undefined}>
            {editing ? "Save as a new version" : "Add buyer"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
