import { Alert, Button, Stack, Table, Textarea, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { revealAnswer } from "#domain/contracts/console-leads.ts";
import { consoleApi, type ConsoleResult } from "../console-api.ts";

// With `leads:reveal`: a form that asks why, then shows the lead's personal data in clear. The server checks the
// role and the reason again and writes each reveal to the audit log (docs/decisions/0034-operator-console.md).
export function RevealForm({ leadId }: { leadId: string }) {
  const [result, setResult] = useState<ConsoleResult<{ fields: Record<string, unknown> }> | undefined>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    setResult(await consoleApi.send("POST", `/leads/${encodeURIComponent(leadId)}/reveal`, { reason }, revealAnswer));
  }
  const error = result && !result.ok ? result.errors.reason : undefined;
  return (
    <Stack component="section" aria-labelledby="reveal-heading" gap="sm">
      <Title order={2} size="h4" id="reveal-heading">
        Reveal personal data
      </Title>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm" align="flex-start">
          <Textarea
            name="reason"
            label="Why do you need it?"
            description="Each reveal is written to the audit log with this reason."
            required
            minLength={10}
            rows={3}
            w="100%"
            maw="40rem"
            error={error}
          />
          {result && !result.ok && !error ? (
            <Alert color="red" variant="light" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <Button type="submit">Reveal personal data</Button>
        </Stack>
      </form>
      {result?.ok ? (
        <Table aria-label="Personal data" withTableBorder w="auto">
          <Table.Tbody>
            {Object.entries(result.data.fields).map(([field, value]) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{field}</Table.Th>
                <Table.Td>{value === null ? "" : String(value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
