import { Button, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import {
  consentTextSavedAnswer,
  consentTextsAnswer,
  type ConsentTextRegistration,
  type ConsentTextRow,
} from "#domain/contracts/console-consent-texts.ts";
import { consoleApi } from "../console-api.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";

// A publisher's consent texts (docs/decisions/0050-publisher-post-api.md#consent): the words its pages show, each
// registered under a version its posts may name as consent_version, and the texts its posts carried.
export function ConsentTextsSection({
  path,
  partnerName,
  writer,
}: {
  path: string;
  partnerName: string;
  writer: boolean;
}) {
  const { timeZone } = useConsole();
  const texts = useConsoleData(`${path}/consent-texts`, consentTextsAnswer);
  const [draft, setDraft] = useState<ConsentTextRegistration>({ version: "", text: "" });
  const [problems, setProblems] = useState<Partial<Record<keyof ConsentTextRegistration, string>>>({});
  const [status, setStatus] = useState("");
  const reload = texts.reload;

  const columns = useMemo<ColumnDef<ConsentTextRow, unknown>[]>(
    () => [
      { header: "Version", accessorFn: (r) => r.version ?? "Carried by a post" },
      { header: "Text", accessorKey: "text", cell: ({ row }) => <Text size="sm">{row.original.text}</Text> },
      { header: "SHA-256", accessorKey: "hash", cell: ({ row }) => <code>{row.original.hash.slice(0, 12)}…</code> },
      { header: "Since", accessorFn: (r) => formatDateTime(r.created_at, timeZone) },
    ],
    [timeZone],
  );

  const register = async () => {
    const res = await consoleApi.send("POST", `${path}/consent-texts`, draft, consentTextSavedAnswer);
    setProblems(res.ok ? {} : res.errors);
    setStatus(res.message);
    if (res.ok) setDraft({ version: "", text: "" });
    reload();
  };

  return (
    <section aria-labelledby="consent-texts-title">
      <Title order={2} size="h3" id="consent-texts-title" mt="xl">
        Consent texts
      </Title>
      <LoadState load={texts} what={`the consent texts of ${partnerName}`} />
      {texts.data ? (
        <DataTable
          caption={`Consent texts of ${partnerName}, newest first`}
          columns={columns}
          rows={texts.data.consent_texts}
          empty={
            <EmptyState
              title="No consent texts yet."
              hint={`Register the words ${partnerName}'s pages show, so its posts can name them by version; a post that carries its own words adds them here.`}
            />
          }
        />
      ) : null}
      {writer ? (
        <form
          aria-label={`Register a consent text of ${partnerName}`}
          onSubmit={(event) => {
            event.preventDefault();
            void register();
          }}
        >
          <Stack gap="sm" maw={640}>
            <TextInput
              label="Version"
              description="The name its posts send as consent_version."
              value={draft.version}
              error={problems.version}
              onChange={(event) => setDraft({ ...draft, version: event.currentTarget.value })}
              autoComplete="off"
            />
            <Textarea
              label="Text the visitor agrees to"
              description="Exactly as the publisher's page shows it."
              value={draft.text}
              error={problems.text}
              rows={4}
              onChange={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
            />
            <Button type="submit" variant="default" w="max-content">
              Register the text
            </Button>
          </Stack>
        </form>
      ) : null}
      <Text role="status" size="sm" mih="1.25rem" mt="xs">
        {status}
      </Text>
    </section>
  );
}
