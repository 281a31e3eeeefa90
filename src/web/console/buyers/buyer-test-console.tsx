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
    <section className="buyer-exchange" aria-label={title}>
      <h3>{title}</h3>
      <h4>Request</h4>
      <pre tabIndex={0}>{`${request.method} ${request.url}\n${headerLines(request.headers)}\n\n${request.body}`}</pre>
      <h4>Answer</h4>
      <p>
        {answer.status === null ? "No answer" : `HTTP ${answer.status}`} in {answer.latency_ms} ms.{" "}
        {readText(answer.read)}
      </p>
      <pre tabIndex={0}>{`${headerLines(answer.headers)}\n\n${answer.body}`}</pre>
    </section>
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
    <section aria-labelledby="buyer-test-title">
      <h2 id="buyer-test-title">Test console</h2>
      <p>Sends a plainly fake test lead (test mode) to this buyer's saved endpoints; nothing is recorded as a sale.</p>
      <button type="button" className="console-button" onClick={() => void run()} aria-disabled={busy || undefined}>
        Send a test lead
      </button>
      <p role="status">{status}</p>
      {result?.ping ? <Exchange title="Ping" exchange={result.ping} /> : null}
      {result ? <Exchange title="Post" exchange={result.post} /> : null}
    </section>
  );
}
