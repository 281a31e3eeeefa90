import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { addBuyers, lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { partnerOfKey } from "../../partners/api-keys/api-key-store.ts";
import { auditLog } from "../../platform/db/schema.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { NO_LIVE_KEY } from "../partner-keys/partner-key-routes.ts";

// A buyer's own API keys in its portal (docs/product/buyer-money.md#the-buyer-portal): issued to its buyer and no
// other, shown once, listed without the key, revoked only if its own; audited as an operator's key changes are.

describe("API keys in the buyer portal", () => {
  let t: TestApp;
  let acme: ConsoleUser;
  let other: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    await addBuyers(
      t.database.db,
      lenderConfig("acme", { url: "https://acme.example" }),
      lenderConfig("other", { url: "https://other.example" }),
    );
    acme = await signInAs(t, "buyer", undefined, "acme");
    other = await signInAs(t, "buyer", undefined, "other");
  });
  afterAll(() => t.app.close());

  const keys = (user: ConsoleUser) =>
    t.app.inject({ method: "GET", url: "/api/console/portal/keys", headers: user.read });
  const issue = (user: ConsoleUser, label: string) =>
    t.app.inject({ method: "POST", url: "/api/console/portal/keys", headers: user.write, payload: { label } });
  const revoke = (user: ConsoleUser, keyId: string) =>
    t.app.inject({ method: "DELETE", url: `/api/console/portal/keys/${keyId}`, headers: user.write });

  it("issues a key to the account's buyer, shown once; the list has its label and prefix, never the key", async () => {
    const issued = await issue(acme, "returns bot");
    expect(issued.statusCode, issued.body).toBe(201);
    const { id, key, prefix } = issued.json().data;
    expect(key.startsWith(prefix)).toBe(true);
    expect(await partnerOfKey(t.database.db, key, { noteUse: false })).toMatchObject({
      kind: "buyer",
      partnerId: "acme",
      keyId: id,
    });

    const list = await keys(acme);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.api_keys).toMatchObject([
      { id, label: "returns bot", prefix, last_used_at: null, revoked_at: null },
    ]);
    expect(list.body).not.toContain(key);
    expect((await keys(other)).json().data.api_keys).toEqual([]);
    expect((await issue(acme, " ")).json().errors).toEqual({ label: "Name the key, e.g. where it is used." });
  });

  it("revokes one of its own keys only: another buyer's key id is unknown to it (404) and stays live", async () => {
    const theirs = (await issue(other, "theirs")).json().data;
    const refused = await revoke(acme, theirs.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(NO_LIVE_KEY);
    expect(await partnerOfKey(t.database.db, theirs.key, { noteUse: false })).not.toBeNull();

    const mine = (await issue(acme, "to revoke")).json().data;
    const done = await revoke(acme, mine.id);
    expect(done.statusCode).toBe(200);
    expect(await partnerOfKey(t.database.db, mine.key, { noteUse: false })).toBeNull();
    expect((await revoke(acme, mine.id)).statusCode).toBe(404);
    const row = (await keys(acme)).json().data.api_keys.find((k: { id: string }) => k.id === mine.id);
    expect(row.revoked_at).not.toBeNull();

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.operatorEmail, acme.email));
    const entries = audit.map((a) => [a.action, a.target, (a.details as { key_id: string }).key_id]);
    expect(entries).toContainEqual(["api_key.issue", "acme", mine.id]);
    expect(entries).toContainEqual(["api_key.revoke", "acme", mine.id]);
    expect(JSON.stringify(audit)).not.toContain(mine.key);
  });

  it("is the buyer role's only: an operator manages keys on the buyer's page instead", async () => {
    const owner = await signInAs(t, "owner");
    const refused = await keys(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_ALLOWED);
    expect((await issue(owner, "x")).statusCode).toBe(403);
  });
});
