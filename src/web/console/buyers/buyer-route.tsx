import { Button, Code, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { buyerDetailAnswer, buyerSavedAnswer } from "#domain/contracts/console-buyers.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { BuyerForm } from "./buyer-form.tsx";
import { sourceLabel } from "./buyer-labels.ts";
import { BuyerMoneyFacts } from "./buyer-money-facts.tsx";
import { BuyerMoneySection } from "./buyer-money-section.tsx";
import { BuyerStateBadge } from "./buyer-state-badge.tsx";
import { BuyerTestConsole } from "./buyer-test-console.tsx";
import { BuyerVersions } from "./buyer-versions.tsx";
import { ChangeRequestPanel } from "./change-request-panel.tsx";
import { usePublisherChoices } from "./publisher-list-table.tsx";
import { ApiKeysSection } from "../partner-keys/api-keys-section.tsx";
import buyersStylesheet from "./buyers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: buyersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Buyer") }];
}

const AllBuyers = () => (
  <Button component={Link} to="/console/buyers" variant="default">
    All buyers
  </Button>
);

// One buyer: its state, pause or resume, its change requests, its money (for partners:read), its configuration as a
// form (or read only), its versions with a roll back, and the test console.
export default function BuyerRoute() {
  const id = useParams().id ?? "";
  const { timeZone, can } = useConsole();
  const writer = can("buyers:write");
  const detail = useConsoleData(`/buyers/${encodeURIComponent(id)}`, buyerDetailAnswer);
  const publishers = usePublisherChoices();
  const [status, setStatus] = useState("");
  const reload = detail.reload;

  const change = async (path: string, body: unknown) => {
    const res = await consoleApi.send("POST", `/buyers/${encodeURIComponent(id)}/${path}`, body, buyerSavedAnswer);
    setStatus(res.ok ? `${res.message} Version ${res.data.version}.` : res.message);
    reload();
  };

  if (!detail.data)
    return (
      <>
        <PageHeader title={`Buyer ${id}`} actions={<AllBuyers />} />
        <LoadState load={detail} what={`buyer ${id}`} rows={10} />
      </>
    );
  const { buyer, config, versions } = detail.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={buyer.name}
        description={
          <>
            <BuyerStateBadge buyer={buyer} /> Id {buyer.id} · {sourceLabel(buyer)} · version{" "}
            {buyer.version ?? "none yet"}
          </>
        }
        actions={
          <>
            {writer ? (
              <Button variant="default" onClick={() => void change(buyer.enabled ? "pause" : "resume", {})}>
                {buyer.enabled ? "Pause buyer" : "Resume buyer"}
              </Button>
            ) : null}
            <AllBuyers />
          </>
        }
      />
      {/* A reload that failed (after a change, say) keeps the buyer on screen and says so. */}
      <LoadState load={detail} what={`buyer ${id}`} />
      <Text role="status" size="sm">
        {status}
      </Text>
      <BuyerMoneyFacts buyer={buyer} />
      <ChangeRequestPanel
        buyerId={buyer.id}
        buyerName={buyer.name}
        timeZone={timeZone}
        writer={writer}
        onDecided={(message) => {
          setStatus(message);
          reload();
        }}
      />
      {can("partners:read") ? <BuyerMoneySection buyerId={buyer.id} onChanged={reload} /> : null}
      {writer ? (
        <BuyerForm
          // A new version loaded is a new form: its fields start from what is in force.
          key={buyer.version ?? 0}
          config={config}
          publishers={publishers}
          onSaved={(saved) => {
            setStatus(`${saved.message} Version ${saved.version}.`);
            reload();
          }}
        />
      ) : (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buyer-config-title">
          <Title order={2} id="buyer-config-title" mb="sm">
            Configuration
          </Title>
          <Code block tabIndex={0} className="buyer-code">
            {JSON.stringify(config, null, 2)}
          </Code>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="buyer-versions-title">
        <Title order={2} id="buyer-versions-title" mb="sm">
          Versions
        </Title>
        <BuyerVersions
          versions={versions}
          timeZone={timeZone}
          onRollback={writer ? (version) => void change("rollback", { version }) : undefined}
        />
      </Paper>
      {writer ? <BuyerTestConsole buyerId={buyer.id} /> : null}
      <ApiKeysSection
        keysPath={`/buyers/${encodeURIComponent(buyer.id)}/api-keys`}
        partnerName={buyer.name}
        writer={writer}
      />
    </Stack>
  );
}
