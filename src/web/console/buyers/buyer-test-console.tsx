import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { buyerTestAnswer, type BuyerExchange, type BuyerTestResult } from "#domain/contracts/console-buyers.ts";
import { consoleApi } from "../console-api.ts";

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");

function readText(read: BuyerExchange["answer"]["read"]): string {
  if (!read.ok) return `Not read: ${read.reason ?? "unknown"}`;
  const parts = [read.accepted ? "Accepted" : "Declined"];
  if (read.price !== undefined) parts.push(`price ${read.price}`);
  if (read.id !== undefined) parts.push(`id ${read.id}`);
  if (read.reason !== undefined) parts.push(`reason ${read.reason}`);
  if (read.redirect_url !== undefined) parts.push(`redirect ${read.redirect_url}`);
  return parts.join(", ");
}

function Exchange({ title, exchange }: { title: string; exchange: BuyerExchange }) {
  const { request, answer } = exchange;
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Badge
          component="span"
          variant="dot"
          color={answer.read.ok && answer.read.accepted ? "green" : "gray"}
          tt="none"
        >
          {answer.status === null ? "No answer" : `HTTP ${answer.status}`} in {answer.latency_ms} ms
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Stack gap={4} miw={0}>
          <Text size="sm" fw={600}>
            Request
          </Text>
          <Code block tabIndex={0} className="buyer-code">
            {`${request.method} ${request.url}\n${headerLines(request.headers)}\n\n${request.body}`}
          </Code>
        </Stack>
        <Stack gap={4} miw={0}>
          <Text size="sm" fw={600}>
            Answer: {readText(answer.read)}
          </Text>
          <Code block tabIndex={0} className="buyer-code">
            {`${headerLines(answer.headers)}\n\n${answer.body}`}
          </Code>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

// Sends the sample test lead to the buyer's endpoints and shows what went and what came back.
export function BuyerTestConsole({ buyerId }: { buyerId: string }) {
  const [result, setResult] = useState<BuyerTestResult>();
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setStatus("Sending the test lead…");
    const res = await consoleApi.send(
      "POST",
      `/buyers/${encodeURIComponent(buyerId)}/test`,
      undefined,
      buyerTestAnswer,
    );
    setBusy(false);
    if (res.ok) {
      setResult(res.data);
      setStatus(`Test sent: post answered ${res.data.post.answer.status ?? "nothing"}.`);
    } else setStatus(res.message);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buyer-test-title">
      <Stack gap="sm">
        <Title order={2} id="buyer-test-title">
          Test console
        </Title>
        <Text size="sm" c="dimmed">
          Sends a plainly fake test lead (test mode) to this buyer's saved endpoints; nothing is recorded as a sale.
        </Text>
        <Group>
          <Button variant="default" onClick={() => void run()} loading={busy} aria-disabled={busy || undefined}>
            Send a test lead
          </Button>
        </Group>
        <Text role="status" size="sm">
          {status}
        </Text>
        {result?.ping ? <Exchange title="Ping" exchange={result.ping} /> : null}
        {result ? <Exchange title="Post" exchange={result.post} /> : null}
      </Stack>
    </Paper>
  );
}
