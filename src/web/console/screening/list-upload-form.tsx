import { Button, Group, Input, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { screeningListUploadAnswer, type ScreeningListRow } from "#domain/contracts/console-screening-lists.ts";
import { consoleApi } from "../console-api.ts";
import { countOf, LIST_KIND_LABELS } from "./screening-labels.ts";

const CHOOSE_A_FILE = "Choose a file to upload.";
const UNREADABLE = "This file could not be read. Choose it again, or save it as plain text first.";

/** What an upload did, in the words the operator checks the file against. */
function uploadedLine(name: string, counted: { entries: number; skipped: number; duplicates: number }): string {
  const repeats = counted.duplicates ? `, ${countOf(counted.duplicates, "repeated number")} counted once` : "";
  return `${name}: ${countOf(counted.entries, "number")} kept, ${countOf(counted.skipped, "line")} skipped${repeats}. The list now holds these numbers only.`;
}

// An upload to a list (PUT /api/console/screening/lists/:id/entries, docs/product/screening.md#lists): the file is
// read here, in the browser, and sent whole as text; the server keeps a keyed hash of each phone and replaces every
// number the list held with the file's.
export function ListUploadForm({
  lists,
  onUploaded,
}: {
  lists: ScreeningListRow[];
  onUploaded: (message: string) => void;
}) {
  const [listId, setListId] = useState(lists[0]?.id ?? "");
  const file = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const chosen = lists.find((l) => l.id === listId) ?? lists[0];

  const upload = async () => {
    const picked = file.current?.files?.[0];
    if (busy || !chosen) return;
    if (!picked) return setProblem(CHOOSE_A_FILE);
    setBusy(true);
    const text = await picked.text().catch(() => undefined);
    const res =
      text === undefined
        ? undefined
        : await consoleApi.sendText(
            "PUT",
            `/screening/lists/${encodeURIComponent(chosen.id)}/entries`,
            text,
            screeningListUploadAnswer,
          );
    setBusy(false);
    if (!res) return setProblem(UNREADABLE);
    // The server's word on the file (no phone in it) belongs on the file; anything else (a list gone) above the button.
    setProblem(res.ok ? undefined : res.errors.body);
    setFailure(res.ok || res.errors.body ? "" : res.message);
    if (!res.ok) return;
    if (file.current) file.current.value = "";
    onUploaded(uploadedLine(res.data.list.name, res.data));
  };

  const describedBy = [`${fileId}-description`, problem ? `${fileId}-error` : ""].filter(Boolean).join(" ");
  return (
    <Paper withBorder p="md" radius="md">
      <form
        aria-labelledby="list-upload-title"
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="list-upload-title">
            Upload numbers
          </Title>
          <NativeSelect
            label="List"
            data={lists.map((l) => ({ value: l.id, label: `${l.name} (${LIST_KIND_LABELS[l.kind]})` }))}
            value={chosen?.id ?? ""}
            onChange={(event) => setListId(event.currentTarget.value)}
          />
          <Input.Wrapper
            id={fileId}
            label="File"
            description="One phone a line, or CSV: the first ten-digit number of each line is taken. The upload replaces every number the list holds."
            error={problem}
          >
            <input
              ref={file}
              id={fileId}
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              aria-describedby={describedBy}
              aria-invalid={problem ? true : undefined}
              onChange={() => setProblem(undefined)}
              style={{ display: "block", maxWidth: "100%", marginTop: "var(--mantine-spacing-xs)" }}
            />
          </Input.Wrapper>
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {failure}
          </Text>
          <Group>
            <Button type="submit" variant="default" aria-disabled={busy || undefined}>
              {busy ? "Uploading…" : "Upload and replace"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
