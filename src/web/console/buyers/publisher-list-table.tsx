import { ActionIcon, Button, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useState } from "react";
import { useFieldArray, useFormState, useWatch } from "react-hook-form";
import { MAX_PUBLISHER_ENTRIES } from "#domain/buyers/publisher-filter.ts";
import { publisherListAnswer } from "#domain/contracts/console-publishers.ts";
import { consoleApi } from "../console-api.ts";
import { useConsole } from "../console-session.tsx";
import { ConsoleSelectField } from "../form-fields.tsx";
import { CellText } from "./buyer-controls.tsx";
import { emptyPublisherRow } from "./buyer-draft.ts";
import type { BuyerControl } from "./buyer-form-schema.ts";

/** A publisher the console knows, offered as an aff_id to list. */
export type PublisherChoice = { aff_id: string; name: string };

const MODE_OPTIONS = [
  { value: "", label: "No list: every publisher" },
  { value: "deny", label: "Deny: refuse the publishers listed" },
  { value: "allow", label: "Allow: take only the publishers listed" },
];

/**
 * The console's publishers, for an operator who may read them (partners:read); none otherwise, or while they load,
 * and the aff_id is typed. A list may name traffic of no publisher of ours too (a tPar[affiliateId]), so a suggestion
 * is never a limit.
 */
export function usePublisherChoices(): PublisherChoice[] | undefined {
  const { can, timeZone } = useConsole();
  const allowed = can("partners:read");
  const [choices, setChoices] = useState<PublisherChoice[]>();
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    void consoleApi.get("/publishers", publisherListAnswer, { tz: timeZone }, controller.signal).then((res) => {
      if (res.ok) setChoices(res.data.publishers.map(({ aff_id, name }) => ({ aff_id, name })));
    });
    return () => controller.abort();
  }, [allowed, timeZone]);
  return choices;
}

/** One row: the publisher's aff_id (its name beside it when the console knows it) and an optional sub id. */
function PublisherRowCells(props: {
  control: BuyerControl;
  index: number;
  list: string | undefined;
  publishers: readonly PublisherChoice[];
}) {
  const { control, index, list, publishers } = props;
  const base = `config.filters.publishers.entries.${index}` as const;
  const affId = useWatch({ control, name: `${base}.affId` });
  const known = publishers.find((p) => p.aff_id === affId.trim());
  return (
    <>
      <Table.Td>
        <CellText control={control} name={`${base}.affId`} label={`Publisher aff_id, row ${index + 1}`} list={list} />
        {known ? (
          <Text size="xs" c="dimmed" mt={2}>
            {known.name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <CellText
          control={control}
          name={`${base}.subId`}
          label={`Sub id, row ${index + 1}`}
          placeholder="Every sub id"
        />
      </Table.Td>
    </>
  );
}

// A buyer's allow or deny list of partners' traffic (docs/product/lender-network.md#eligibility): a mode, then rows
// of an aff_id and an optional sub id an operator adds and removes. The aff_id is typed, with the console's
// publishers suggested when it has them.
export function PublisherListTable({
  control,
  publishers = [],
}: {
  control: BuyerControl;
  publishers?: readonly PublisherChoice[] | undefined;
}) {
  const mode = useWatch({ control, name: "config.filters.publishers.mode" });
  const { fields, append, remove } = useFieldArray({ control, name: "config.filters.publishers.entries" });
  const { errors } = useFormState({ control, name: "config.filters.publishers.entries" });
  const listId = useId();
  // A message on the list as a whole (too many rows) sits on its root, or on the list itself from the server.
  const listError = errors.config?.filters?.publishers?.entries as
    { message?: string; root?: { message?: string } } | undefined;
  const tableError = listError?.root?.message ?? listError?.message;
  const list = publishers.length ? listId : undefined;
  return (
    <Stack gap="sm">
      <ConsoleSelectField
        control={control}
        name="config.filters.publishers.mode"
        label="Publisher list"
        description="Our own funnel's leads (no aff_id) are offered whatever the list says."
        options={MODE_OPTIONS}
      />
      {mode === "" ? null : (
        <>
          {fields.length ? (
            <Table.ScrollContainer minWidth={420}>
              <Table aria-label={mode === "allow" ? "Publishers allowed" : "Publishers denied"} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="3rem">#</Table.Th>
                    <Table.Th>Publisher (aff_id)</Table.Th>
                    <Table.Th>Sub id</Table.Th>
                    <Table.Th w="3rem">
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((row, index) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <PublisherRowCells control={control} index={index} list={list} publishers={publishers} />
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove publisher row ${index + 1}`}
                          onClick={() => remove(index)}
                        >
                          ✕
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              {mode === "allow"
                ? "No publisher listed: the buyer is offered only our own funnel's leads."
                : "No publisher listed yet: nothing is refused."}
            </Text>
          )}
          {tableError ? (
            <Text size="sm" c="var(--mantine-color-error)">
              {tableError}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            A row without a sub id covers every sub id of the publisher; at most {MAX_PUBLISHER_ENTRIES} rows.
          </Text>
          <Group>
            <Button variant="default" size="xs" onClick={() => append(emptyPublisherRow())}>
              Add a publisher
            </Button>
          </Group>
        </>
      )}
      {list ? (
        <datalist id={list}>
          {publishers.map((p) => (
            <option key={p.aff_id} value={p.aff_id} label={p.name} />
          ))}
        </datalist>
      ) : null}
    </Stack>
  );
}
