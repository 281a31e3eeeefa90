import { ActionIcon, Button, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useFieldArray, useWatch } from "react-hook-form";
import { US_STATES } from "#domain/options.ts";
import { CellSelect, CellText } from "./buyer-controls.tsx";
import type { BuyerControl } from "./buyer-form-schema.ts";

// A bidding buyer's floors by state (docs/product/buyer-money.md#prices), `stateFloors`: rows of a state and its floor
// in dollars, used instead of the one floor for a lead from that state. Each row offers only the states no other row
// holds, so a state is never listed twice; a floor's message from the schema (named by its state) lands on its row.
export function StateFloorsTable({ control }: { control: BuyerControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: "config.stateFloors" });
  const rows = useWatch({ control, name: "config.stateFloors" });
  const taken = new Set(rows.map((r) => r.state));
  const free = US_STATES.filter((s) => !taken.has(s.value));
  return (
    <Stack gap="sm">
      {fields.length ? (
        <Table.ScrollContainer minWidth={360}>
          <Table aria-label="Floors by state" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="3rem">#</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Floor (dollars)</Table.Th>
                <Table.Th w="3rem">
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((row, index) => {
                const own = rows[index]?.state;
                const choices = US_STATES.filter((s) => s.value === own || !taken.has(s.value));
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>
                      <CellSelect
                        control={control}
                        name={`config.stateFloors.${index}.state`}
                        label={`State, floor row ${index + 1}`}
                        data={choices.map((s) => ({ value: s.value, label: s.label }))}
                      />
                    </Table.Td>
                    <Table.Td>
                      <CellText
                        control={control}
                        name={`config.stateFloors.${index}.floor`}
                        label={`Floor (dollars), floor row ${index + 1}`}
                        inputMode="decimal"
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove floor row ${index + 1}`}
                        onClick={() => remove(index)}
                      >
                        ✕
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No floors by state: the floor applies in every state.
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={free.length === 0}
          onClick={() => free[0] && append({ state: free[0].value, floor: "" })}
        >
          Add a state floor
        </Button>
      </Group>
    </Stack>
  );
}
