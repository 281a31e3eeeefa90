import { Badge, Box, Button, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import {
  publisherDetailAnswer,
  publisherSavedAnswer,
  publisherSecretAnswer,
  type PostbackRowData,
  type PublisherFiguresData,
} from "#domain/contracts/console-publishers.ts";
import { publisherSettingsSchema } from "#domain/partners/publisher.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { ApiKeysSection } from "../partner-keys/api-keys-section.tsx";
import { ShownOnce } from "../partner-keys/shown-once.tsx";
import { formatCents } from "../reports/report-format.ts";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ConsentTextsSection } from "./consent-texts-section.tsx";
import { PostedLeadsPanel } from "./posted-leads-panel.tsx";
import { PublisherForm } from "./publisher-form.tsx";
import { payoutRule } from "./publisher-labels.ts";
import { PublisherStatus } from "./publisher-status.tsx";
import { TrackingLink } from "./tracking-link.tsx";

export function meta() {
  return [{ title: consoleTitle("Publisher") }];
}

const POSTBACK_COLORS = { pending: "yellow", sent: "green", failed: "red" } as const;
const POSTBACK_LABELS = { pending: "Pending", sent: "Sent", failed: "Failed" } as const;

/** A span's figures as a card: its name, then the four numbers. */
function Figures({ title, figures }: { title: string; figures: PublisherFiguresData }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {title}
      </Text>
      <Text mt="xs">
        {figures.clicks} clicks, {figures.completed} completed, {figures.sold} sold, {formatCents(figures.earned_cents)}{" "}
        earned
      </Text>
    </Paper>
  );
}

const allPublishers = (
  <Button component={Link} to="/console/publishers" variant="default">
    All publishers
  </Button>
);

// One publisher: its figures, enable or disable, its settings, a new postback secret, its API keys and its
// latest postbacks with the publisher's answers.
export default function PublisherRoute() {
  const id = useParams().id ?? "";
  const { timeZone, can } = useConsole();
  const writer = can("partners:write");
  const path = `/publishers/${encodeURIComponent(id)}`;
  const detail = useConsoleData(path, publisherDetailAnswer, { tz: timeZone });
  const [status, setStatus] = useState("");
  const [secret, setSecret] = useState<string>();
  const reload = detail.reload;

  const postbackColumns = useMemo<ColumnDef<PostbackRowData, unknown>[]>(
    () => [
      { header: "Queued", accessorFn: (r) => formatDateTime(r.created_at, timeZone) },
      { header: "Event", accessorKey: "event" },
      { header: "Lead", accessorKey: "lead_id" },
      {
        header: "Status",
        accessorKey: "status",
        cell: ({ row }) => (
          <Badge miw="max-content" color={POSTBACK_COLORS[row.original.status]} variant="dot">
            {POSTBACK_LABELS[row.original.status]}
          </Badge>
        ),
      },
      { header: "Attempts", accessorKey: "attempts", meta: { numeric: true } },
      { header: "Answer", accessorFn: (r) => r.answer_status ?? r.last_error ?? "–" },
      { header: "Done", accessorFn: (r) => (r.done_at ? formatDateTime(r.done_at, timeZone) : "–") },
    ],
    [timeZone],
  );

  if (!detail.data)
    return (
      <>
        <PageHeader title={`Publisher ${id}`} actions={allPublishers} />
        <LoadState load={detail} what={`publisher ${id}`} rows={8} />
      </>
    );
  const { publisher, postbacks, tracking_link } = detail.data;

  const toggle = async () => {
    const res = await consoleApi.send(
      "POST",
      `${path}/${publisher.enabled ? "disable" : "enable"}`,
      {},
      publisherSavedAnswer,
    );
    setStatus(res.message);
    reload();
  };
  const newSecret = async () => {
    const res = await consoleApi.send("POST", `${path}/postback-secret`, {}, publisherSecretAnswer);
    setStatus(res.message);
    if (res.ok) setSecret(res.data.postback_secret);
  };

  return (
    <>
      <PageHeader
        title={publisher.name}
        description={`Publisher ${publisher.id}: its tracking link, figures, posted leads, settings, API keys and postbacks.`}
        actions={
          <>
            {allPublishers}
            {writer ? (
              <>
                <Button component={Link} to={`/console${path}/test`} variant="default">
                  Test a post
                </Button>
                <Button variant="default" onClick={() => void newSecret()}>
                  Replace the postback secret
                </Button>
                <Button variant={publisher.enabled ? "default" : "filled"} onClick={() => void toggle()}>
                  {publisher.enabled ? "Disable publisher" : "Enable publisher"}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Text role="status" size="sm" mih="1.25rem">
        {status}
      </Text>
      {secret ? <ShownOnce title="New postback secret" value={secret} /> : null}
      <Paper withBorder p="md" radius="md" mb="md">
        <Box component="dl" className="console-facts publisher-facts" m={0}>
          <dt>Id</dt>
          <dd>{publisher.id}</dd>
          <dt>Tracking link</dt>
          <dd>
            <TrackingLink link={tracking_link} />
          </dd>
          <dt>Status</dt>
          <dd>
            <PublisherStatus enabled={publisher.enabled} />
          </dd>
          <dt>Payout</dt>
          <dd>
            {payoutRule(publisher)}, final after {publisher.hold_days} days
          </dd>
        </Box>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Figures title={`Today (${timeZone})`} figures={publisher.today} />
        <Figures title={`This month (${timeZone})`} figures={publisher.month} />
      </SimpleGrid>
      <PostedLeadsPanel publisher={publisher} caps={detail.data.posted_caps} timeZone={timeZone} />
      {writer ? (
        <PublisherForm
          key={publisher.updated_at}
          publisher={publisherSettingsSchema.parse(publisher)}
          onSaved={(saved) => {
            setStatus(saved.message);
            reload();
          }}
        />
      ) : null}
      <ApiKeysSection keysPath={`${path}/api-keys`} partnerName={publisher.name} writer={writer} />
      <ConsentTextsSection path={path} partnerName={publisher.name} writer={writer} />
      <section aria-labelledby="postbacks-title">
        <Title order={2} size="h3" id="postbacks-title" mt="xl">
          Recent postbacks
        </Title>
        <DataTable
          caption={`Latest postbacks to ${publisher.name}, newest first`}
          exportName="postbacks"
          columns={postbackColumns}
          rows={postbacks}
          empty={
            <EmptyState
              title="No postbacks yet."
              hint={
                publisher.postback_url
                  ? "One is sent to the postback address when a lead of this publisher completes, sells or is returned."
                  : "Set a postback address in the settings to tell the publisher when its leads complete, sell or are returned."
              }
            />
          }
        />
      </section>
    </>
  );
}
