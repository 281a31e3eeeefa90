import { ActionIcon, Button, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useFieldArray, useFormState, useWatch } from "react-hook-form";
import { FIELD_CLASS, type SourceField } from "#domain/buyers/buyer-fields.ts";
import { TRANSFORM_NAMES } from "#domain/buyers/transforms.ts";
import { CellSelect, CellText } from "./buyer-controls.tsx";
import { emptyRow, FIXED_VALUE, readsTwo } from "./buyer-draft.ts";
import type { BuyerControl } from "./buyer-form-schema.ts";
import { RequestPreviewPanel } from "./request-preview-panel.tsx";

type Call = "ping" | "post";

// What each class of field may go in (docs/product/lender-network.md#what-a-buyer-may-see), said in the source list.
const CLASS_GROUPS = [
  { exposure: "ping", group: "Ping fields (any call)" },
  { exposure: "contact", group: "Contact fields (post only)" },
  { exposure: "restricted", group: "Restricted fields (a licensed lender's post only)" },
] as const;

const FIELDS = Object.keys(FIELD_CLASS).sort() as SourceField[];

const SOURCE_DATA = [
  { value: "", label: "Choose a field" },
  { group: "Other", items: [{ value: FIXED_VALUE, label: "A fixed value" }] },
  ...CLASS_GROUPS.map(({ exposure, group }) => ({
    group,
    items: FIELDS.filter((field) => FIELD_CLASS[field] === exposure).map((field) => ({ value: field, label: field })),
  })),
];
const SECOND_DATA = SOURCE_DATA.filter((entry) => !("group" in entry && entry.group === "Other"));
const TRANSFORM_DATA = [{ value: "", label: "None" }, ...TRANSFORM_NAMES.map((name) => ({ value: name, label: name }))];
const CASE_DATA = [
  { value: "", label: "As is" },
  { value: "lower", label: "lower case" },
  { value: "upper", label: "UPPER CASE" },
];
const TYPE_DATA = [
  { value: "", label: "As read" },
  { value: "string", label: "Text" },
  { value: "number", label: "Number" },
  { value: "boolean", label: "Boolean" },
];

/** One row's controls: where the value goes, where it comes from and how it changes. */
function MappingRow({ control, call, index }: { control: BuyerControl; call: Call; index: number }) {
  const base = `config.${call}.fields.${index}` as const;
  const row = useWatch({ control, name: base });
  const named = (what: string) => `${what}, ${call} row ${index + 1}`;
  return (
    <>
      <Table.Td>
        <CellText control={control} name={`${base}.to`} label={named("Buyer's field")} placeholder="Lead.FirstName" />
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          <CellSelect control={control} name={`${base}.source`} label={named("Source")} data={SOURCE_DATA} />
          {row.source === FIXED_VALUE ? (
            <CellText control={control} name={`${base}.value`} label={named("Fixed value")} />
          ) : null}
          {readsTwo(row.transform) ? (
            <CellSelect control={control} name={`${base}.second`} label={named("Second field")} data={SECOND_DATA} />
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          <CellSelect control={control} name={`${base}.transform`} label={named("Transform")} data={TRANSFORM_DATA} />
          {row.transform === "join" ? (
            <CellText control={control} name={`${base}.separator`} label={named("Separator")} placeholder="a space" />
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          <CellSelect control={control} name={`${base}.case`} label={named("Case")} data={CASE_DATA} />
          <CellSelect control={control} name={`${base}.type`} label={named("Send as")} data={TYPE_DATA} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <CellText control={control} name={`${base}.values`} label={named("Translations")} />
      </Table.Td>
    </>
  );
}

// A call's field mapping (docs/product/lender-network.md#field-mapping) as rows an operator adds, orders and
// removes, each source picked from the field registry grouped by what it may be sent in, and below it the request
// the rows build for the sample lead.
export function FieldMappingTable({ control, call }: { control: BuyerControl; call: Call }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: `config.${call}.fields` });
  const { errors } = useFormState({ control, name: `config.${call}.fields` });
  // A message on the list as a whole (too many rows) sits on its root, or on the list itself from the server.
  const listError = errors.config?.[call]?.fields as { message?: string; root?: { message?: string } } | undefined;
  const tableError = listError?.root?.message ?? listError?.message;
  const title = call === "ping" ? "Ping fields" : "Post fields";
  return (
    <Stack gap="sm">
      {fields.length ? (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={title} layout="fixed" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="3rem">#</Table.Th>
                <Table.Th>Buyer's field</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Transform</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Translations</Table.Th>
                <Table.Th w="7rem">
                  <VisuallyHidden>Order and remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((row, index) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <MappingRow control={control} call={call} index={index} />
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${call} row ${index + 1} up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${call} row ${index + 1} down`}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        ↓
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${call} row ${index + 1}`}
                        onClick={() => remove(index)}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No {call} fields yet.
        </Text>
      )}
      {tableError ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {tableError}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" size="xs" onClick={() => append(emptyRow())}>
          Add a {call} field
        </Button>
      </Group>
      <RequestPreviewPanel control={control} call={call} />
    </Stack>
  );
}
