// Checks a publisher's ledger receipt (docs/product/partners.md#receipts) with the code the server signs by
// (src/server/partners/receipts/receipt-check.ts, over ledger-chain.ts): the signatures, each row's digest and hash,
// and the chain from the receipt's rows to the head. Prints OK, or where it breaks (and exits 1).
//
//   LOANPATH_API_KEY=lpp_... node scripts/verify-receipt.ts --url https://loanpath.example --lead <lead id>
//   node scripts/verify-receipt.ts --receipt receipt.json --head head.json --key key.pem --chain chain.json
//
// Online, it fetches the receipt, the head, the public key and the chain pages with the publisher's API key
// (--api-key, or LOANPATH_API_KEY to keep it out of the process list). Offline, it reads answers saved before: each
// file the API's answer (or its `data`); the key as PEM or the key answer; the chain as the rows or chain answers.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { ChainedRow } from "../src/server/partners/ledger/ledger-chain.ts";
import {
  verifyReceipt,
  type ChainPager,
  type SignedHead,
  type SignedReceipt,
} from "../src/server/partners/receipts/receipt-check.ts";

const USAGE = `usage: node scripts/verify-receipt.ts --url <base url> --lead <lead id> [--api-key <key>]
       node scripts/verify-receipt.ts --receipt <file> --head <file> --key <file> --chain <file>`;

const dataOf = (answer: unknown): unknown =>
  answer !== null && typeof answer === "object" && "data" in answer ? (answer as { data: unknown }).data : answer;

async function online(base: string, apiKey: string, lead: string) {
  const get = async (path: string) => {
    const res = await fetch(new URL(path, base), { headers: { authorization: `Bearer ${apiKey}` } });
    if (!res.ok)
      throw new Error(`GET ${path}: ${res.status} ${((await res.json()) as { message?: string }).message ?? ""}`);
    return dataOf(await res.json());
  };
  const receipt = (await get(`/api/publisher/receipts/${encodeURIComponent(lead)}`)) as SignedReceipt;
  const head = (await get("/api/publisher/ledger/head")) as SignedHead;
  const { pem } = (await get("/api/publisher/ledger/key")) as { pem: string };
  const chain: ChainPager = async (after, limit) =>
    ((await get(`/api/publisher/ledger/chain?after=${after}&limit=${Math.min(limit, 1000)}`)) as { rows: ChainedRow[] })
      .rows;
  return { receipt, head, pem, chain };
}

/**
 * The public key from a saved file: a bare PEM, or the key answer (whole or its `data`). The answer holds the PEM's
 * header line too, so the file is read as JSON first and as PEM only when it is not JSON.
 */
function pemOf(text: string, file: string): string {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    if (text.trimStart().startsWith("-----BEGIN PUBLIC KEY-----")) return text;
    throw new Error(`${file}: neither a PEM public key nor the answer of GET /api/publisher/ledger/key`);
  }
  const pem = (dataOf(answer) as { pem?: unknown } | null)?.pem;
  if (typeof pem !== "string") throw new Error(`${file}: a JSON answer without the key's pem`);
  return pem;
}

async function offline(files: { receipt: string; head: string; key: string; chain: string }) {
  const json = async (file: string) => dataOf(JSON.parse(await readFile(file, "utf8")));
  const pem = pemOf(await readFile(files.key, "utf8"), files.key);
  const saved = await json(files.chain);
  const pages = Array.isArray(saved) ? saved : [saved];
  const rows = pages.flatMap((p) => (Array.isArray(p) ? p : ((dataOf(p) as { rows: ChainedRow[] }).rows ?? [p])));
  const chain: ChainPager = async (after, limit) =>
    (rows as ChainedRow[])
      .filter((r) => r.seq > after)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit);
  return {
    receipt: (await json(files.receipt)) as SignedReceipt,
    head: (await json(files.head)) as SignedHead,
    pem,
    chain,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: "string" },
      lead: { type: "string" },
      "api-key": { type: "string" },
      receipt: { type: "string" },
      head: { type: "string" },
      key: { type: "string" },
      chain: { type: "string" },
    },
  });
  let inputs: Awaited<ReturnType<typeof online>>;
  if (values.url !== undefined && values.lead !== undefined) {
    const apiKey = values["api-key"] ?? process.env.LOANPATH_API_KEY;
    if (!apiKey) throw new Error(`${USAGE}\n(an API key: --api-key or LOANPATH_API_KEY)`);
    inputs = await online(values.url, apiKey, values.lead);
  } else if (values.receipt && values.head && values.key && values.chain) {
    inputs = await offline({ receipt: values.receipt, head: values.head, key: values.key, chain: values.chain });
  } else {
    throw new Error(USAGE);
  }
  const verdict = await verifyReceipt(inputs.receipt, inputs.head, inputs.pem, inputs.chain);
  const { receipt } = inputs.receipt;
  if (verdict.ok) {
    const rows = receipt.rows.map((r) => `${r.kind} ${r.amount_cents} (row ${r.seq})`).join(", ");
    console.log(`OK: lead ${receipt.lead_id}: ${rows}; ${verdict.rows} rows walked to head ${inputs.head.head.seq}`);
    return 0;
  }
  console.log(`BROKEN: lead ${receipt.lead_id}: ${verdict.where}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(2);
  },
);
