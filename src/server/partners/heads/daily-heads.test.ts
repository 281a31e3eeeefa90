import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import { publisherPostbacks } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { issueApiKey } from "../api-keys/api-key-store.ts";
import { appendLedger, ledgerHead } from "../ledger/ledger-store.ts";
import { sendDuePostbacks } from "../postbacks/postback-worker.ts";
import { createPublisher } from "../publishers/publisher-store.ts";
import { headSignatureHolds, type SignedHead } from "../receipts/receipt-check.ts";
import { receiptKeyOf } from "../receipts/receipt-key.ts";
import { handOutDailyHeads } from "./daily-heads.ts";
import { headsHandedTo } from "./handed-out-heads.ts";

// The daily signed head (docs/product/partners.md#signed-heads): by a signed postback to a publisher with an
// address, else recorded for the publisher API; once a publisher and day, whatever runs it again.

const DAY1 = new Date("2026-12-06T00:05:00.000Z");
const DAY1_LATER = new Date("2026-12-06T23:55:00.000Z");
const DAY2 = new Date("2026-12-07T00:05:00.000Z");

const settings = (id: string, affId: string, over: Partial<PublisherSettings> = {}): PublisherSettings => ({
  id,
  name: `Publisher ${id}`,
  aff_id: affId,
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: null,
  enabled: true,
  ...over,
});

describe("the daily signed head", () => {
  let t: TestApp;
  let server: Server;
  const seen: { url: string; timestamp: string; signature: string }[] = [];
  let acmeSecret: string;
  const key = () => receiptKeyOf(t.secrets.tokenSecret);

  beforeAll(async () => {
    t = await createTestApp();
    server = createServer((req, res) => {
      seen.push({
        url: req.url ?? "",
        timestamp: String(req.headers["x-loanpath-timestamp"]),
        signature: String(req.headers["x-loanpath-signature"]),
      });
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const db = t.database.db;
    const cipher = new PiiCipher(t.secrets.piiKeyring);
    const acme = await createPublisher(
      db,
      cipher,
      settings("acme", "A100", {
        postback_url: `http://127.0.0.1:${port}/pb?e={event}&p={payout}&a={aff_id}&l={lead_id}`,
      }),
    );
    acmeSecret = acme!.postbackSecret;
    await createPublisher(db, cipher, settings("beta", "B200"));
    await createPublisher(db, cipher, settings("gone", "G300", { enabled: false }));
    await db.transaction((tx) =>
      appendLedger(tx, [{ kind: "sold", leadId: "d1", buyerId: "lender-a", amountCents: 4_000 }]),
    );
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.app.close();
  });

  it("posts the head, signed, to a publisher with an address, and records it for the API of one without", async () => {
    const db = t.database.db;
    expect(await handOutDailyHeads(db, key(), DAY1)).toEqual({ postback: 1, api: 1 });
    // The same day again, in this process or another: nothing more.
    expect(await handOutDailyHeads(db, key(), DAY1_LATER)).toEqual({ postback: 0, api: 0 });
    expect(await headsHandedTo(db, "gone", 10)).toEqual([]);

    const [acme] = await headsHandedTo(db, "acme", 10);
    expect(acme).toMatchObject({ channel: "postback", handed_for: "day 2026-12-06", handed_at: DAY1.toISOString() });
    expect(acme!.head).toEqual({ ...(await ledgerHead(db)), issued_at: DAY1.toISOString() });
    const [beta] = await headsHandedTo(db, "beta", 10);
    expect(beta).toMatchObject({ channel: "api", handed_for: "day 2026-12-06", head: acme!.head });

    const queued = await db.select().from(publisherPostbacks);
    expect(queued.map((q) => [q.publisherId, q.event, q.leadId])).toEqual([["acme", "ledger_head", "head 2026-12-06"]]);
    expect(
      await sendDuePostbacks({ db, cipher: new PiiCipher(t.secrets.piiKeyring), outbound: t.app.outboundGuard }),
    ).toMatchObject({ sent: 1 });
    expect(seen).toHaveLength(1);
    const call = seen[0]!;
    const url = new URL(call.url, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(call.signature).toBe(
      `v1=${createHmac("sha256", acmeSecret).update(`${call.timestamp}.${url.href}`).digest("hex")}`,
    );
    const q = url.searchParams;
    expect([q.get("e"), q.get("p"), q.get("a"), q.get("l")]).toEqual(["ledger_head", "0.00", "A100", ""]);
    const posted: SignedHead = {
      head: { seq: Number(q.get("head_seq")), hash: q.get("head_hash")!, issued_at: q.get("head_issued_at")! },
      key_id: q.get("key_id")!,
      signature: q.get("head_signature")!,
    };
    expect(posted).toEqual({ head: acme!.head, key_id: acme!.key_id, signature: acme!.signature });
    expect(headSignatureHolds(posted, key().publicPem)).toBe(true);

    // The next day, the head again, to each.
    expect(await handOutDailyHeads(db, key(), DAY2)).toEqual({ postback: 1, api: 1 });
    expect((await headsHandedTo(db, "beta", 10)).map((h) => h.handed_for)).toEqual([
      "day 2026-12-07",
      "day 2026-12-06",
    ]);
  });

  it("gives a publisher the heads handed to it on the publisher API, and no other's", async () => {
    const beta = `Bearer ${(await issueApiKey(t.database.db, "publisher", "beta", "test")).key}`;
    const res = await t.app.inject({
      method: "GET",
      url: "/api/publisher/ledger/heads",
      headers: { authorization: beta },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { heads } = res.json().data as { heads: { handed_for: string; channel: string }[] };
    expect(heads.map((h) => [h.handed_for, h.channel])).toEqual([
      ["day 2026-12-07", "api"],
      ["day 2026-12-06", "api"],
    ]);
    expect(res.body).not.toContain("acme");
    const refused = await t.app.inject({ method: "GET", url: "/api/publisher/ledger/heads" });
    expect(refused.statusCode).toBe(401);
  });
});
