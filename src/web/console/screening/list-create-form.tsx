import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { screeningListAnswer, type ScreeningListKind } from "#domain/contracts/console-screening-lists.ts";
import { consoleApi } from "../console-api.ts";
import { LIST_KIND_LABELS } from "./screening-labels.ts";

const KIND_DATA = Object.entries(LIST_KIND_LABELS).map(([value, label]) => ({ value, label }));

// A new, empty list (POST /api/console/screening/lists): its name and whether a match is a do-not-call or a
// litigator refusal. Its numbers come with an upload.
export function ListCreateForm({ onCreated }: { onCreated: (message: string) => void }) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ScreeningListKind>("do_not_call");
  const [problems, setProblems] = useState<{ name?: string; kind?: string }>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const create = async () => {
    if (busy) return;
    setBusy(true);
    const res = await consoleApi.send("POST", "/screening/lists", { name, kind }, screeningListAnswer);
    setBusy(false);
    setProblems(res.ok ? {} : res.errors);
    setProblem(res.ok || res.errors.name || res.errors.kind ? "" : res.message);
    if (!res.ok) return;
    setName("");
    onCreated(res.message);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form
        aria-labelledby="list-create-title"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="list-create-title">
            New list
          </Title>
          <TextInput
            label="Name"
            value={name}
            error={problems.name}
            onChange={(event) => setName(event.currentTarget.value)}
            autoComplete="off"
          />
          <NativeSelect
            label="Kind"
            description="What a match refuses the lead as."
            data={KIND_DATA}
            value={kind}
            error={problems.kind}
            onChange={(event) => setKind(event.currentTarget.value as ScreeningListKind)}
          />
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {problem}
          </Text>
          <Group>
            <Button type="submit" variant="default" aria-disabled={busy || undefined}>
              Create list
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
