import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { returnDecidedAnswer } from "#domain/contracts/console-returns.ts";
import { consoleApi } from "../console-api.ts";

// Approve or reject a pending return, with a note the buyer sees and the audit log keeps.
export function ReturnDecision(props: { id: string; leadId: string; onDecided: (message: string) => void }) {
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const decide = async (action: "approve" | "reject") => {
    if (busy) return;
    setBusy(true);
    const res = await consoleApi.send(
      "POST",
      `/returns/${encodeURIComponent(props.id)}/${action}`,
      { note },
      returnDecidedAnswer,
    );
    setBusy(false);
    if (res.ok) return props.onDecided(res.message);
    setProblem(res.errors.note ?? res.message);
  };
  return (
    <Stack gap="xs" role="group" aria-label={`Decide the return of ${props.leadId}`} miw={224}>
      <Textarea
        label="Note"
        size="xs"
        rows={2}
        maxLength={500}
        value={note}
        error={problem}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="xs" aria-disabled={busy || undefined} onClick={() => void decide("approve")}>
          Approve
        </Button>
        <Button size="xs" variant="default" aria-disabled={busy || undefined} onClick={() => void decide("reject")}>
          Reject
        </Button>
      </Group>
    </Stack>
  );
}
