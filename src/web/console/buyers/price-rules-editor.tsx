import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useFieldArray, useFormState } from "react-hook-form";
import { MAX_PRICE_RULES } from "#domain/buyers/price-rules.ts";
import { CREDIT_SCORE_OPTIONS, US_STATES } from "#domain/options.ts";
import { ConsoleMultiSelectField, ConsoleNumberField } from "../form-fields.tsx";
import { BuyerTagsField } from "./buyer-controls.tsx";
import { emptyRuleRow } from "./buyer-draft.ts";
import type { BuyerControl } from "./buyer-form-schema.ts";
import type { PublisherChoice } from "./publisher-list-table.tsx";

/** One rule: its conditions, each left empty to leave it out, and its price; the rule's legend names it. */
function RuleFields(props: { control: BuyerControl; index: number; publishers: readonly string[] }) {
  const { control, index, publishers } = props;
  const at = `config.pricing.rules.${index}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <ConsoleMultiSelectField control={control} name={`${at}.states`} label="States" options={US_STATES} />
      <ConsoleMultiSelectField
        control={control}
        name={`${at}.creditScores`}
        label="Credit bands"
        options={CREDIT_SCORE_OPTIONS}
      />
      <Group grow align="flex-start" gap="sm">
        <ConsoleNumberField control={control} name={`${at}.loanAmount.min`} label="Amount from" prefix="$" />
        <ConsoleNumberField control={control} name={`${at}.loanAmount.max`} label="Amount to" prefix="$" />
      </Group>
      <BuyerTagsField
        control={control}
        name={`${at}.sources`}
        label="Sources (utm_source)"
        description="Type one, then Enter"
      />
      <BuyerTagsField
        control={control}
        name={`${at}.publishers`}
        label="Publishers (aff_id)"
        description="Type one, then Enter"
        data={publishers}
      />
      <ConsoleNumberField control={control} name={`${at}.price`} label="Price (dollars)" prefix="$" decimalScale={2} />
    </SimpleGrid>
  );
}

// A fixed-price buyer's price rules (docs/product/buyer-money.md#prices), `pricing.rules`: an ordered list an operator
// adds to, orders and removes from, each rule a group of conditions and a price. The schema that checks the JSON view
// checks these too, each message on the control at fault (a rule with no condition: on its states).
export function PriceRulesEditor({
  control,
  publishers = [],
}: {
  control: BuyerControl;
  publishers?: readonly PublisherChoice[] | undefined;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: "config.pricing.rules" });
  const { errors } = useFormState({ control, name: "config.pricing.rules" });
  // A message on the list as a whole (too many rules) sits on its root, or on the list itself from the server.
  const listError = errors.config?.pricing?.rules as { message?: string; root?: { message?: string } } | undefined;
  const rulesError = listError?.root?.message ?? listError?.message;
  const affIds = publishers.map((p) => p.aff_id);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The first rule whose every condition matches the lead sets its price; a lead no rule matches costs the fixed
        price. A condition left empty is left out, and each rule names at least one. At most {MAX_PRICE_RULES} rules.
      </Text>
      {fields.length ? (
        fields.map((rule, index) => (
          <Fieldset key={rule.id} legend={`Rule ${index + 1}`} p="sm">
            <Stack gap="sm">
              <RuleFields control={control} index={index} publishers={affIds} />
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move rule ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move rule ${index + 1} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove rule ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Stack>
          </Fieldset>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          No price rules: every lead costs the fixed price.
        </Text>
      )}
      {rulesError ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {rulesError}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" size="xs" onClick={() => append(emptyRuleRow())}>
          Add a price rule
        </Button>
      </Group>
    </Stack>
  );
}
