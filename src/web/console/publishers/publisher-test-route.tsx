import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import {
  PUBLISHER_TEST_KINDS,
  publisherTestAnswer,
  type PublisherTestKind,
  type PublisherTestResult,
} from "#domain/contracts/console-publisher-test.ts";
import { publisherDetailAnswer } from "#domain/contracts/console-publishers.ts";
import { consoleApi, type ConsoleResult } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { BuyerOutcomesTable } from "../leads/buyer-outcomes-table.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { sampleBody } from "./publisher-test-samples.ts";

export function meta() {
  return [{ title: consoleTitle("Test a publisher's post") }];
}

// /console/publishers/:id/test (docs/product/partners.md#the-test-console): paste the body a publisher would send,
// and see what the publisher API answers it, with its HTTP status and why: the fields it refused, the lead it made
// and each buyer's outcome. The server always sends it as a test.

const KIND_LABELS: Record<PublisherTestKind, string> = { post: "Post", ping: "Ping" };
const KIND_PATHS: Record<PublisherTestKind, string> = {
  post: "POST /api/publisher/v1/leads (or /v1/post with a ping_id)",
  ping: "POST /api/publisher/v1/ping",
};

/** The answer in a sentence, for the live region: its status, and its code or outcome. */
function summary(result: PublisherTestResult): string {
  const { answer } = result;
  const what = "code" in answer ? `${answer.code}: ${answer.message}` : answer.status;
  return `The API answers HTTP ${result.http_status}, ${what}`;
}

function TestResult({ result, timeZone }: { result: PublisherTestResult; timeZone: string }) {
  const { answer } = result;
  const errors = "errors" in answer && answer.errors ? Object.entries(answer.errors) : [];
  const ok = result.http_status < 300;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="test-answer-title">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4" id="test-answer-title">
            The API's answer
          </Title>
          <Badge component="span" variant="dot" color={ok ? "green" : "red"} tt="none">
            HTTP {result.http_status}
          </Badge>
          {result.retry_after_seconds !== null ? (
            <Badge component="span" variant="default" tt="none">
              Retry-After: {result.retry_after_seconds} s
            </Badge>
          ) : null}
        </Group>
        {errors.length > 0 ? (
          <Box>
            <Text size="sm" fw={600} id="test-field-errors">
              Fields refused
            </Text>
            <Box component="dl" className="console-facts" m={0} aria-labelledby="test-field-errors">
              {errors.map(([field, message]) => (
                <div key={field}>
                  <dt>
                    <Code>{field}</Code>
                  </dt>
                  <dd>{message}</dd>
                </div>
              ))}
            </Box>
          </Box>
        ) : null}
        <Code block tabIndex={0} aria-label="The answer's body">
          {JSON.stringify(answer, null, 2)}
        </Code>
        {result.lead_id ? (
          <>
            <Anchor component={Link} to={`/console/leads/${encodeURIComponent(result.lead_id)}`}>
              Open lead {result.lead_id}
            </Anchor>
            <Title order={3} size="h5">
              Why: each buyer's outcome
            </Title>
            <BuyerOutcomesTable outcomes={result.outcomes} timeZone={timeZone} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export default function PublisherTestRoute() {
  const id = useParams().id ?? "";
  const { timeZone, can } = useConsole();
  const path = `/publishers/${encodeURIComponent(id)}`;
  const detail = useConsoleData(path, publisherDetailAnswer, { tz: timeZone });
  const [kind, setKind] = useState<PublisherTestKind>("post");
  // The sample as last written (its consent time is the moment's), to tell it from a body the operator wrote.
  const [sample, setSample] = useState(() => sampleBody("post"));
  const [text, setText] = useState(sample);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [sent, setSent] = useState<ConsoleResult<PublisherTestResult>>();
  const publisher = detail.state === "ready" ? detail.data.publisher : undefined;
  const name = publisher?.name ?? id;

  const reset = (of: PublisherTestKind) => {
    const fresh = sampleBody(of);
    setSample(fresh);
    setText(fresh);
  };
  const choose = (value: string) => {
    const next = value as PublisherTestKind;
    // The other kind's sample replaces this one's; a body the operator wrote is kept.
    if (text === sample) reset(next);
    setKind(next);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(`Sending the ${kind} as ${name}…`);
    const res = await consoleApi.send("POST", `${path}/test-call`, { kind, body: text }, publisherTestAnswer);
    setBusy(false);
    setSent(res);
    setStatus(res.ok ? summary(res.data) : res.message);
  };
  const bodyError = sent && !sent.ok ? (sent.errors.body ?? sent.errors.kind) : undefined;

  return (
    <>
      <PageHeader
        title={`Test a post: ${name}`}
        description={`Paste the body ${name} would send, and see exactly what the publisher API answers it, and why.`}
        actions={
          <Button component={Link} to={`/console${path}`} variant="default">
            Back to {name}
          </Button>
        }
      />
      {!can("partners:write") ? (
        <Text>Your role cannot test a publisher's calls: it takes the right to change publishers.</Text>
      ) : (
        <Stack gap="md">
          <Alert variant="light" color="blue" title="Always a test">
            The body is sent with <Code>test: true</Code>, whatever it says: it goes only to buyers in test mode, and a
            test lead is never sold, paid or counted in reports or caps. It runs the API's own checks as {name}, and is
            written to the audit log without its body.
          </Alert>
          {publisher && !publisher.enabled ? (
            <Alert variant="light" color="yellow" title="This publisher is disabled">
              The API refuses its calls (403 publisher_disabled) until it is enabled.
            </Alert>
          ) : null}
          <form onSubmit={(event) => void submit(event)}>
            <Stack gap="sm">
              <Radio.Group name="kind" label="Call" description={KIND_PATHS[kind]} value={kind} onChange={choose}>
                <Group mt={4}>
                  {PUBLISHER_TEST_KINDS.map((value) => (
                    <Radio key={value} value={value} label={KIND_LABELS[value]} />
                  ))}
                </Group>
              </Radio.Group>
              <Textarea
                name="body"
                label="Body (JSON)"
                description="One JSON object of fields, as the publisher posts it. The sample is the integration guide's."
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                rows={18}
                spellCheck={false}
                styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                error={bodyError}
                required
              />
              <Group>
                <Button type="submit" loading={busy} aria-disabled={busy || undefined}>
                  Send
                </Button>
                <Button variant="subtle" onClick={() => reset(kind)}>
                  Reset to the sample
                </Button>
              </Group>
            </Stack>
          </form>
          <Text role="status" size="sm" mih="1.25rem">
            {status}
          </Text>
          {sent?.ok ? <TestResult result={sent.data} timeZone={timeZone} /> : null}
        </Stack>
      )}
    </>
  );
}
