import { Box, Paper, Table, Text, Title } from "@mantine/core";
import { useId } from "react";
import type { PortalInForce } from "#domain/contracts/console-change-requests.ts";
import { CREDIT_SCORE_OPTIONS } from "#domain/options.ts";
import { formatCents } from "../reports/report-format.ts";
import { DAY_NAMES, DAYS } from "../buyers/schedule-hours.ts";

// A buyer's own terms as in force (docs/product/buyer-money.md#the-buyer-portal): its caps, budget, prices and opening
// hours, in words, with the version they are. Only what it may ask to change is here; the rest is the operator's.

const dollars = (amount: number) => formatCents(Math.round(amount * 100));

const CAP_WORDS = [
  ["hourly", "an hour"],
  ["daily", "a day"],
  ["weekly", "a week (from Monday)"],
  ["monthly", "a month"],
] as const;

const capsWords = (caps: PortalInForce["caps"]) =>
  CAP_WORDS.flatMap(([period, words]) => (caps[period] === undefined ? [] : [`${caps[period]} leads ${words}`]));

const budgetWords = (budget: PortalInForce["budget"]) =>
  (
    [
      ["daily", "a day"],
      ["monthly", "a month"],
    ] as const
  ).flatMap(([period, words]) => (budget[period] === undefined ? [] : [`${dollars(budget[period])} ${words}`]));

const creditLabel = (value: unknown) => CREDIT_SCORE_OPTIONS.find((o) => o.value === value)?.label ?? String(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** A price rule's conditions in words: "state CA or NY; credit Good (680-719); amount $500 to $1,000". */
function ruleConditions(rule: Record<string, unknown>): string {
  const parts: string[] = [];
  const states = listOf(rule.states);
  if (states.length) parts.push(`state ${states.join(" or ")}`);
  const credit = listOf(rule.creditScores);
  if (credit.length) parts.push(`credit ${credit.map(creditLabel).join(" or ")}`);
  const amount = rule.loanAmount as { min?: number; max?: number } | undefined;
  if (amount && (amount.min !== undefined || amount.max !== undefined)) {
    const min = amount.min === undefined ? undefined : dollars(amount.min);
    const max = amount.max === undefined ? undefined : dollars(amount.max);
    parts.push(min && max ? `amount ${min} to ${max}` : min ? `amount ${min} or more` : `amount up to ${max}`);
  }
  const sources = listOf(rule.sources);
  if (sources.length) parts.push(`source ${sources.join(" or ")}`);
  const publishers = listOf(rule.publishers);
  if (publishers.length) parts.push(`publisher ${publishers.join(" or ")}`);
  return parts.join("; ");
}

function hoursWords(schedule: PortalInForce["schedule"]): string {
  if (!schedule) return "Always open";
  const days = DAYS.map((day) => {
    const ranges = schedule[day] ?? [];
    return `${DAY_NAMES[day]} ${ranges.length ? ranges.map(([from, to]) => `${from}–${to}`).join(", ") : "closed"}`;
  });
  return days.join("; ");
}

export function PortalTermsInForce({ terms }: { terms: PortalInForce }) {
  const titleId = useId();
  const { pricing } = terms;
  const caps = capsWords(terms.caps);
  const budget = budgetWords(terms.budget);
  const rules = pricing.kind === "fixed" ? (pricing.rules ?? []) : [];
  const floors = Object.entries(terms.stateFloors ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} id={titleId} mb={4}>
        Your terms in force
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {terms.version === null ? "As first configured." : `Version ${terms.version}.`} Caps, budget and opening hours
        count in {terms.timeZone} time.
      </Text>
      <Box component="dl" className="console-facts" m={0}>
        <dt>Caps</dt>
        <dd>{caps.length ? caps.join(", ") : "No caps"}</dd>
        <dt>Budget</dt>
        <dd>{budget.length ? budget.join(", ") : "No budget"}</dd>
        {pricing.kind === "fixed" ? (
          <>
            <dt>Price</dt>
            <dd>
              {dollars(pricing.price ?? 0)} a lead
              {rules.length === 1 ? ", unless the rule below matches" : ""}
              {rules.length > 1 ? `, unless one of the ${rules.length} rules below matches (the first that does)` : ""}
            </dd>
          </>
        ) : (
          <>
            <dt>Price</dt>
            <dd>You bid for each lead</dd>
            <dt>Floor</dt>
            <dd>
              {dollars(terms.floor)}
              {floors.length
                ? `; by state: ${floors.map(([state, floor]) => `${state} ${dollars(floor ?? 0)}`).join(", ")}`
                : ""}
            </dd>
          </>
        )}
        <dt>Opening hours</dt>
        <dd>{hoursWords(terms.schedule)}</dd>
      </Box>
      {rules.length ? (
        <Table.ScrollContainer minWidth={480} mt="sm">
          <Table withTableBorder aria-label="Price rules in force, the first that matches a lead sets its price">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Rule</Table.Th>
                <Table.Th scope="col">When the lead has</Table.Th>
                <Table.Th scope="col">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((rule, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{ruleConditions(rule)}</Table.Td>
                  <Table.Td>{dollars(Number(rule.price))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}
