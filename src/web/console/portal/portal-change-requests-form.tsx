import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { z } from "zod";
import { CAP_PERIODS, type CapPeriod } from "#domain/buyers/buyer-outcomes.ts";
import {
  changeRequestAnswer,
  portalChangeRequestBody,
  type PortalInForce,
} from "#domain/contracts/console-change-requests.ts";
import { useZodForm } from "#web/ui/forms/use-zod-form.ts";
import { consoleApi } from "../console-api.ts";
import { ConsoleNumberField, ConsoleTextAreaField } from "../form-fields.tsx";

// A buyer asks for new caps, budget and price (docs/product/buyer-money.md#change-requests). The form starts from the
// terms in force and sends only the parts that differ, each whole (the caps together, the price with the rules in
// force kept); the server builds the configuration asked for and checks it with the buyer schema, and its messages
// land on these fields.

const BUDGETS = ["daily", "monthly"] as const;

type Values = {
  kind: "fixed" | "bid";
  caps: Record<CapPeriod, string>;
  budget: Record<(typeof BUDGETS)[number], string>;
  price: string;
  floor: string;
  note: string;
};

const blank = (v: string) => v === "";
const count = z
  .string()
  .trim()
  .refine((v) => blank(v) || /^\d+$/.test(v), "must be a whole number of leads, 0 or more")
  .transform((v) => (blank(v) ? undefined : Number(v)));
const amount = z
  .string()
  .trim()
  .refine((v) => blank(v) || /^\d+(\.\d{1,2})?$/.test(v), "must be an amount in dollars, to the cent")
  .transform((v) => (blank(v) ? undefined : Number(v)));

const schema = z
  .object({
    kind: z.enum(["fixed", "bid"]),
    caps: z.object({ hourly: count, daily: count, weekly: count, monthly: count }),
    budget: z.object({ daily: amount, monthly: amount }),
    price: amount,
    floor: amount,
    note: portalChangeRequestBody.shape.note,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "fixed" && v.price === undefined)
      ctx.addIssue({ code: "custom", path: ["price"], message: "Name your price per lead." });
  });
type Asked = z.output<typeof schema>;

const text = (n: number | undefined) => (n === undefined ? "" : String(n));

function valuesOf(terms: PortalInForce): Values {
  return {
    kind: terms.pricing.kind,
    caps: Object.fromEntries(CAP_PERIODS.map((p) => [p, text(terms.caps[p])])) as Values["caps"],
    budget: { daily: text(terms.budget.daily), monthly: text(terms.budget.monthly) },
    price: text(terms.pricing.price),
    floor: text(terms.floor),
    note: "",
  };
}

/** Each part as asked, set values only, and whether it differs from the one in force. */
function partOf<K extends string>(
  keys: readonly K[],
  asked: Record<K, number | undefined>,
  now: Partial<Record<K, number>>,
) {
  const part: Partial<Record<K, number>> = {};
  for (const key of keys) if (asked[key] !== undefined) part[key] = asked[key];
  return { part, changed: keys.some((key) => asked[key] !== now[key]) };
}

/** The request's `changes`: the parts that differ from the terms in force. */
function changesOf(asked: Asked, terms: PortalInForce): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const caps = partOf(CAP_PERIODS, asked.caps, terms.caps);
  if (caps.changed) changes.caps = caps.part;
  const budget = partOf(BUDGETS, asked.budget, terms.budget);
  if (budget.changed) changes.budget = budget.part;
  if (terms.pricing.kind === "fixed" && asked.price !== terms.pricing.price)
    changes.pricing = { price: asked.price, ...(terms.pricing.rules ? { rules: terms.pricing.rules } : {}) };
  if (terms.pricing.kind === "bid" && (asked.floor ?? 0) !== terms.floor) changes.floor = asked.floor ?? 0;
  return changes;
}

/** The form field a message of the server belongs on (`changes.caps.daily` on the daily cap). */
function fieldOf(path: string): string | undefined {
  const part = /^changes\.(caps|budget)\.(\w+)$/.exec(path);
  if (part) return `${part[1]}.${part[2]}`;
  if (/^changes\.pricing(\.price)?$/.test(path)) return "price";
  if (path === "changes.floor") return "floor";
  if (path === "note") return "note";
  return undefined;
}

const NOTHING_CHANGED = "Change at least one value: these are the terms in force.";

export function PortalChangeRequestForm({
  terms,
  onSent,
}: {
  terms: PortalInForce;
  onSent: (message: string) => void;
}) {
  const titleId = useId();
  const form = useZodForm<typeof schema, Values>(schema, { defaultValues: valuesOf(terms) });
  const [problem, setProblem] = useState<string>();
  const c = form.control;

  const onSubmit = form.submitWith(async (asked) => {
    const changes = changesOf(asked, terms);
    if (Object.keys(changes).length === 0) return setProblem(NOTHING_CHANGED);
    const res = await consoleApi.send(
      "POST",
      "/portal/change-requests",
      { changes, note: asked.note },
      changeRequestAnswer,
    );
    if (res.ok) {
      setProblem(undefined);
      form.reset(valuesOf(terms));
      return onSent(res.message);
    }
    const elsewhere: string[] = [];
    for (const [path, message] of Object.entries(res.errors)) {
      const field = fieldOf(path);
      if (field) form.setError(field as "note", { type: "server", message });
      else elsewhere.push(message);
    }
    setProblem([res.message, ...elsewhere].join(" "));
    form.focusFirstInvalid();
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form ref={form.formRef} noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <Stack gap="sm">
          <div>
            <Title order={2} id={titleId} mb={4}>
              Ask for a change
            </Title>
            <Text size="sm" c="dimmed">
              Change the values you want; an empty field means no limit. Nothing changes until an operator approves your
              request. For anything else (your price rules, filters, addresses), write to your Loanpath contact.
            </Text>
          </div>
          <Title order={3} size="h4">
            Caps (leads)
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <ConsoleNumberField control={c} name="caps.hourly" label="Hourly cap" />
            <ConsoleNumberField control={c} name="caps.daily" label="Daily cap" />
            <ConsoleNumberField control={c} name="caps.weekly" label="Weekly cap" description="From Monday 00:00" />
            <ConsoleNumberField control={c} name="caps.monthly" label="Monthly cap" />
          </SimpleGrid>
          <Title order={3} size="h4">
            Budget and price (dollars)
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <ConsoleNumberField control={c} name="budget.daily" label="Daily budget" prefix="$" decimalScale={2} />
            <ConsoleNumberField control={c} name="budget.monthly" label="Monthly budget" prefix="$" decimalScale={2} />
            {terms.pricing.kind === "fixed" ? (
              <ConsoleNumberField
                control={c}
                name="price"
                label="Price per lead"
                description={terms.pricing.rules?.length ? "Your price rules stay as they are" : undefined}
                prefix="$"
                decimalScale={2}
              />
            ) : (
              <ConsoleNumberField
                control={c}
                name="floor"
                label="Floor"
                description="Bids below it are not taken"
                prefix="$"
                decimalScale={2}
              />
            )}
          </SimpleGrid>
          <ConsoleTextAreaField
            control={c}
            name="note"
            label="What you ask for, and why"
            description="The operator reads it with your request"
            rows={2}
            maxLength={500}
          />
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {problem ?? ""}
          </Text>
          <Group>
            <Button type="submit" aria-disabled={form.busy || undefined}>
              Send the request
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
