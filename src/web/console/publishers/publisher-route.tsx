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
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { PublisherForm } from "./publisher-form.tsx";
import { payoutRule } from "./publisher-labels.ts";
import { TrackingLink } from "./tracking-link.tsx";
import publishersStylesheet from "./publishers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: publishersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Publisher") }];
}

function Figures({ title, figures }: { title: string; figures: PublisherFiguresData }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>
        {figures.clicks} clicks, {figures.completed} completed, {figures.sold} sold, {formatCents(figures.earned_cents)}{" "}
        earned
      </dd>
    </>
  );
}

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
      { header: "Status", accessorKey: "status" },
      { header: "Attempts", accessorKey: "attempts" },
      { header: "Answer", accessorFn: (r) => r.answer_status ?? r.last_error ?? "–" },
      { header: "Done", accessorFn: (r) => (r.done_at ? formatDateTime(r.done_at, timeZone) : "–") },
    ],
    [timeZone],
  );

  if (!detail.data)
    return (
      <>
        <h1>Publisher {id}</h1>
        <LoadState load={detail} what={`publisher ${id}`} />
        <Link to="/console/publishers">All publishers</Link>
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
      <h1>{publisher.name}</h1>
      <p>
        <Link to="/console/publishers">All publishers</Link>
      </p>
      <dl className="publisher-facts">
        <dt>Id</dt>
        <dd>{publisher.id}</dd>
        <dt>Tracking link</dt>
        <dd>
          <TrackingLink link={tracking_link} />
        </dd>
        <dt>Status</dt>
        <dd>{publisher.enabled ? "Enabled" : "Disabled"}</dd>
        <dt>Payout</dt>
        <dd>
          {payoutRule(publisher)}, final after {publisher.hold_days} days
        </dd>
        <Figures title={`Today (${timeZone})`} figures={publisher.today} />
        <Figures title={`This month (${timeZone})`} figures={publisher.month} />
      </dl>
      <p role="status">{status}</p>
      {writer ? (
        <p className="console-actions">
          <button type="button" className="console-button" onClick={() => void toggle()}>
            {publisher.enabled ? "Disable publisher" : "Enable publisher"}
          </button>
          <button type="button" className="console-button" onClick={() => void newSecret()}>
            Replace the postback secret
          </button>
        </p>
      ) : null}
      {secret ? <ShownOnce title="New postback secret" value={secret} /> : null}
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
      <ApiKeysSection path={path} partnerName={publisher.name} writer={writer} />
      <section aria-labelledby="postbacks-title">
        <h2 id="postbacks-title">Recent postbacks</h2>
        <DataTable
          caption={`Latest postbacks to ${publisher.name}, newest first`}
          columns={postbackColumns}
          rows={postbacks}
          empty="No postbacks yet."
        />
      </section>
    </>
  );
}
