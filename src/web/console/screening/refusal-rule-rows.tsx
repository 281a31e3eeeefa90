import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useController, useFieldArray, useFormState, useWatch } from "react-hook-form";
import { CHECK_ANSWERS, CHECK_NAMES, type CheckName } from "#domain/screening/quality-checks.ts";
import type { RulesControl } from "./rules-form-schema.ts";
import { checkLabel } from "./screening-labels.ts";

const CHECK_DATA = CHECK_NAMES.map((check) => ({ value: check, label: checkLabel(check) }));
const answersOf = (check: string): readonly string[] => CHECK_ANSWERS[check as CheckName] ?? [];

/** A new rule: the operator picks its answers and names its reason code. */
const NEW_RULE = { check: "phone_number", answers: [], reason: "", fixed: false };

/** A list rule's check or answers, which the form does not change, with the server's word on it should it have one. */
function FixedValue({ text, error }: { text: string; error: string | undefined }) {
  return (
    <>
      <Text size="sm">{text}</Text>
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)">
          {error}
        </Text>
      ) : null}
    </>
  );
}

/** One rule's controls; a list rule shows its check and answers as text, and only its reason code is edited. */
function RuleCells({ control, index }: { control: RulesControl; index: number }) {
  const named = (what: string) => `${what}, rule ${index + 1}`;
  const check = useController({ control, name: `rules.${index}.check` });
  const answers = useController({ control, name: `rules.${index}.answers` });
  const reason = useController({ control, name: `rules.${index}.reason` });
  const fixed = useWatch({ control, name: `rules.${index}.fixed` });
  return (
    <>
      <Table.Td>
        {fixed ? (
          <FixedValue text={checkLabel(check.field.value)} error={check.fieldState.error?.message} />
        ) : (
          <NativeSelect
            ref={check.field.ref}
            name={check.field.name}
            aria-label={named("Check")}
            size="xs"
            data={CHECK_DATA}
            error={check.fieldState.error?.message}
            value={check.field.value}
            onBlur={check.field.onBlur}
            onChange={(event) => {
              const next = event.currentTarget.value;
              check.field.onChange(next);
              // The answers another check also gives (unknown) stay chosen; the others mean nothing to it.
              answers.field.onChange(answers.field.value.filter((a) => answersOf(next).includes(a)));
            }}
          />
        )}
      </Table.Td>
      <Table.Td>
        {fixed ? (
          <FixedValue text={answers.field.value.join(", ")} error={answers.fieldState.error?.message} />
        ) : (
          <MultiSelect
            ref={answers.field.ref}
            name={answers.field.name}
            aria-label={named("Answers refused")}
            size="xs"
            placeholder={answers.field.value.length ? undefined : "Choose answers"}
            data={answersOf(check.field.value).map((a) => ({ value: a, label: a }))}
            error={answers.fieldState.error?.message}
            value={answers.field.value}
            onBlur={answers.field.onBlur}
            onChange={answers.field.onChange}
            hidePickedOptions
          />
        )}
      </Table.Td>
      <Table.Td>
        <TextInput
          ref={reason.field.ref}
          name={reason.field.name}
          aria-label={named("Reason code")}
          size="xs"
          autoComplete="off"
          spellCheck={false}
          error={reason.fieldState.error?.message}
          value={reason.field.value}
          onBlur={reason.field.onBlur}
          onChange={(event) => reason.field.onChange(event.currentTarget.value)}
        />
      </Table.Td>
    </>
  );
}

// The refusal rules (docs/product/screening.md#refusals) as rows in the order the gate reads them: the first rule
// whose check gave one of its answers refuses the lead with its reason code. Rows are added, moved and removed, but
// the two list rules stay (a listed phone is never sold), so they have no remove button.
export function RefusalRuleRows({ control }: { control: RulesControl }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: "rules" });
  const { errors } = useFormState({ control, name: "rules" });
  // A message on the rules as a whole (a list rule missing, too many) sits on the list's root, or on the list itself.
  const listError = errors.rules as { message?: string; root?: { message?: string } } | undefined;
  const tableError = listError?.root?.message ?? listError?.message;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Refusal rules, first match wins" layout="fixed" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="3rem">Order</Table.Th>
              <Table.Th>Check</Table.Th>
              <Table.Th>Answers refused</Table.Th>
              <Table.Th>Reason code</Table.Th>
              <Table.Th w="11rem">
                <VisuallyHidden>Move and remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((row, index) => (
              <Table.Tr key={row.id}>
                <Table.Td>{index + 1}</Table.Td>
                <RuleCells control={control} index={index} />
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
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
                    {row.fixed ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                        Always kept
                      </Text>
                    ) : (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove rule ${index + 1}`}
                        onClick={() => remove(index)}
                      >
                        ✕
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {tableError ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {tableError}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" size="xs" onClick={() => append({ ...NEW_RULE })}>
          Add a rule
        </Button>
      </Group>
    </Stack>
  );
}
