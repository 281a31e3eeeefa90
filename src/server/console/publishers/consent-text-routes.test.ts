import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { POST_MESSAGES } from "#domain/contracts/publisher-api.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { consentRecords } from "../../platform/db/schema.ts";
import { postedApplication, postingPublishers } from "../../partners/publisher-api/posted-lead.testing.ts";

// A publisher's consent texts registered in the console (docs/decisions/0050-publisher-post-api.md#consent): a post
// may then name the version instead of carrying the words, and each publisher keeps its own versions.

let t: TestApp;
let manager: ConsoleUser;
let buyer: FakeBuyer;
let alpha: string;

const WORDS = "By pressing Apply I agree that Loanpath's lenders may call and text me, also by autodialer.";

const register = (publisher: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/console/publishers/${publisher}/consent-texts`,
    headers: manager.write,
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  t = await createTestApp({ AUCTION_BUDGET_MS: "20000" });
  manager = await signInAs(t, "manager");
  buyer = await startFakeBuyer({ ping: () => bid(25), post: () => accept() });
  await addBuyers(t.database.db, lenderConfig("consent-buyer", buyer));
  [alpha] = (await postingPublishers(t.database.db, t.secrets.piiKeyring, ["alpha", "beta"])) as [string];
});
afterAll(async () => {
  await t.app.close();
  await buyer.close();
});

describe("a publisher's consent texts in the console", () => {
  it("registers words under a version a post may name, and keeps each publisher's versions its own", async () => {
    const made = await register("alpha", { version: "form-2026", text: WORDS });
    expect(made.statusCode, made.body).toBe(201);
    const hash = createHash("sha256").update(WORDS).digest("hex");
    expect(made.json().data.consent_text).toMatchObject({ version: "form-2026", hash });

    // A post naming the version is taken, and its consent record points at the registered words.
    const post = await t.app.inject({
      method: "POST",
      url: "/api/publisher/v1/leads",
      headers: { authorization: `Bearer ${alpha}` },
      payload: postedApplication(randomBytes(2).readUInt16BE(0), {
        consent_text: undefined,
        consent_version: "form-2026",
      }),
    });
    expect(post.statusCode, post.body).toBe(200);
    const [record] = await t.database.db
      .select({ hash: consentRecords.textHash, version: consentRecords.textVersion })
      .from(consentRecords)
      .where(eq(consentRecords.leadId, post.json().lead_id as string));
    expect(record).toEqual({ hash, version: "form-2026" });

    // Other words under the same version are refused; another publisher may register the same words as its own.
    const clash = await register("alpha", { version: "form-2026", text: `${WORDS} Also by e-mail.` });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ version: "Another text has this version." });
    expect((await register("beta", { version: "b-1", text: WORDS })).statusCode).toBe(201);

    const listed = await t.app.inject({
      method: "GET",
      url: "/api/console/publishers/alpha/consent-texts",
      headers: manager.read,
    });
    expect(listed.json().data.consent_texts.map((c: { version: string }) => c.version)).toEqual(["form-2026"]);

    const short = await register("alpha", { version: "v2", text: "Too short." });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.text).toBe(POST_MESSAGES.consentTextLength);
  });
});
