import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { screeningListAnswer, type ScreeningListRow } from "#domain/contracts/console-screening-lists.ts";
import { consoleApi } from "../console-api.ts";
import { countOf, LIST_KIND_LABELS } from "./screening-labels.ts";

type Open = "rename" | "delete" | null;

// A list's row actions (buyers:write): rename it, or delete it once the operator confirms in a dialog what goes with
// it. Each dialog traps the focus and gives it back to its button when it closes.
export function ListActions({ list, onDone }: { list: ScreeningListRow; onDone: (message: string) => void }) {
  const [open, setOpen] = useState<Open>(null);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" aria-label={`Rename ${list.name}`} onClick={() => setOpen("rename")}>
        Rename
      </Button>
      <Button size="xs" variant="default" aria-label={`Delete ${list.name}`} onClick={() => setOpen("delete")}>
        Delete
      </Button>
      <Modal opened={open === "rename"} onClose={() => setOpen(null)} title={`Rename ${list.name}`}>
        {open === "rename" ? (
          <RenameForm
            list={list}
            onDone={(message) => {
              setOpen(null);
              onDone(message);
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={open === "delete"} onClose={() => setOpen(null)} title={`Delete ${list.name}?`}>
        <DeleteConfirmation
          list={list}
          onCancel={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            onDone(message);
          }}
        />
      </Modal>
    </Group>
  );
}

function RenameForm({ list, onDone }: { list: ScreeningListRow; onDone: (message: string) => void }) {
  const [name, setName] = useState(list.name);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const rename = async () => {
    if (busy) return;
    setBusy(true);
    const res = await consoleApi.send(
      "PATCH",
      `/screening/lists/${encodeURIComponent(list.id)}`,
      { name },
      screeningListAnswer,
    );
    setBusy(false);
    if (res.ok) return onDone(res.message);
    setProblem(res.errors.name ?? res.message);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void rename();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="New name"
          value={name}
          error={problem}
          onChange={(event) => setName(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group>
          <Button type="submit" aria-disabled={busy || undefined}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteConfirmation(props: {
  list: ScreeningListRow;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { list } = props;
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (busy) return;
    setBusy(true);
    const res = await consoleApi.send("DELETE", `/screening/lists/${encodeURIComponent(list.id)}`, undefined);
    setBusy(false);
    if (res.ok) return props.onDone(res.message);
    setProblem(res.message);
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        The {LIST_KIND_LABELS[list.kind].toLowerCase()} list {list.name} and its {countOf(list.entries, "number")} go
        for good. From then on, a lead whose phone is only on this list is no longer refused for it.
      </Text>
      <Text c="var(--mantine-color-error)" size="sm" role="alert">
        {problem}
      </Text>
      <Group>
        <Button color="red" aria-disabled={busy || undefined} onClick={() => void remove()}>
          Delete {list.name}
        </Button>
        <Button variant="default" onClick={props.onCancel} data-autofocus>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}
