import { useState } from "react";
import { Link, useParams } from "react-router";
import { buyerDetailAnswer, buyerSavedAnswer } from "#domain/contracts/console-buyers.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { BuyerForm } from "./buyer-form.tsx";
import { buyerStateLabel } from "#domain/buyers/buyer-state.ts";
import { sourceLabel } from "./buyer-labels.ts";
import { BuyerTestConsole } from "./buyer-test-console.tsx";
import { BuyerVersions } from "./buyer-versions.tsx";
import { ApiKeysSection } from "../partner-keys/api-keys-section.tsx";
import buyersStylesheet from "./buyers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: buyersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Buyer") }];
}

// One buyer: its status, pause or resume, its configuration as a form (or read only), its versions with a roll
// back, and the test console.
export default function BuyerRoute() {
  const id = useParams().id ?? "";
  const { timeZone, can } = useConsole();
  const writer = can("buyers:write");
  const detail = useConsoleData(`/buyers/${encodeURIComponent(id)}`, buyerDetailAnswer);
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
        <h1>Buyer {id}</h1>
        <LoadState load={detail} what={`buyer ${id}`} />
        <Link to="/console/buyers">All buyers</Link>
      </>
    );
  const { buyer, config, versions } = detail.data;
  return (
    <>
      <h1>{buyer.name}</h1>
      <p>
        <Link to="/console/buyers">All buyers</Link>
      </p>
      {/* A reload that failed (after a change, say) keeps the buyer on screen and says so. */}
      <LoadState load={detail} what={`buyer ${id}`} />
      <dl className="buyer-facts">
        <dt>Id</dt>
        <dd>{buyer.id}</dd>
        <dt>Status</dt>
        <dd>{buyerStateLabel(buyer)}</dd>
        <dt>Source</dt>
        <dd>{sourceLabel(buyer)}</dd>
        <dt>Version</dt>
        <dd>{buyer.version ?? "none yet"}</dd>
      </dl>
      <p role="status">{status}</p>
      {writer ? (
        <p className="console-actions">
          <button
            type="button"
            className="console-button"
            onClick={() => void change(buyer.enabled ? "pause" : "resume", {})}
          >
            {buyer.enabled ? "Pause buyer" : "Resume buyer"}
          </button>
        </p>
      ) : null}
      {writer ? (
        <BuyerForm
          // A new version loaded is a new form: its fields start from what is in force.
          key={buyer.version ?? 0}
          config={config}
          onSaved={(saved) => {
            setStatus(`${saved.message} Version ${saved.version}.`);
            reload();
          }}
        />
      ) : (
        <section aria-labelledby="buyer-config-title">
          <h2 id="buyer-config-title">Configuration</h2>
          <pre tabIndex={0}>{JSON.stringify(config, null, 2)}</pre>
        </section>
      )}
      <section aria-labelledby="buyer-versions-title">
        <h2 id="buyer-versions-title">Versions</h2>
        <BuyerVersions
          versions={versions}
          timeZone={timeZone}
          onRollback={writer ? (version) => void change("rollback", { version }) : undefined}
        />
      </section>
      {writer ? <BuyerTestConsole buyerId={buyer.id} /> : null}
      <ApiKeysSection path={`/buyers/${encodeURIComponent(buyer.id)}`} partnerName={buyer.name} writer={writer} />
    </>
  );
}
