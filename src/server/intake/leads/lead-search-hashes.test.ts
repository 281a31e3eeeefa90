import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { leadSearchHashes } from "../../platform/db/schema.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { newAccessToken, newLeadId } from "./lead-access.ts";
import { insertLead, updateLead, updateLeadChecked, updateLeadWithToken, type LeadKeys } from "./lead-store.ts";

describe("a lead's search hashes", () => {
  let database: Database;
  let keys: LeadKeys;
  beforeEach(async () => {
    database = await createTestDatabase();
    keys = {
      cipher: new PiiCipher({ currentKeyId: "k", keys: new Map([["k", randomBytes(32)]]) }),
      hashSecret: randomBytes(32),
    };
  });
  afterEach(async () => {
    await database.close();
  });

  const hashesOf = async (leadId: string) =>
    (await database.db.select().from(leadSearchHashes).where(eq(leadSearchHashes.leadId, leadId)))
      .map((row) => row.hash)
      .sort();
  const expected = (email: string | null, ...phones: string[]) =>
    [personHash(keys.hashSecret, "email", email), ...phones.map((p) => personHash(keys.hashSecret, "phone", p))]
      .filter((h): h is string => h !== null)
      .sort();

  async function newLead(changes: Record<string, unknown>) {
    const id = newLeadId();
    const { hash } = newAccessToken();
    await insertLead(database.db, keys, {
      id,
      accessTokenHash: hash,
      userIp: undefined,
      changes,
      slug: "create",
      doNotSell: false,
    });
    return { id, leadId: id, tokenHash: hash };
  }

  it("are the keyed hashes of the e-mail and every phone, written with the lead and replaced as they change", async () => {
    const lead = await newLead({ email: "Ana.Pax@Example.com", loan_amount: 500 });
    // The same normalisation as every keyed hash: case and spaces of an e-mail do not matter.
    expect(await hashesOf(lead.id)).toEqual(expected("ana.pax@example.com"));

    // A phone step (the checked path): cell and home phone the same number are one hash.
    await updateLeadChecked(
      database.db,
      keys,
      lead.id,
      { changes: { cell_phone: "2125551234", home_phone: "2125551234" }, step: 2, slug: "phone" },
      () => ({}),
    );
    expect(await hashesOf(lead.id)).toEqual(expected("ana.pax@example.com", "2125551234"));

    // The cell phone changes; the home phone still holds the old number, so its hash stays.
    await updateLead(database.db, keys, lead.id, { changes: { cell_phone: "6465550000" }, step: null, slug: "update" });
    expect(await hashesOf(lead.id)).toEqual(expected("ana.pax@example.com", "2125551234", "6465550000"));

    // The e-mail changes in the one-statement step save; the old one finds the lead no more.
    await updateLeadWithToken(database.db, keys, lead, {
      changes: { email: "ana.new@example.com", home_phone: null },
      step: 1,
      slug: "email",
    });
    expect(await hashesOf(lead.id)).toEqual(expected("ana.new@example.com", "6465550000"));

    // A write that touches neither leaves them be.
    await updateLeadWithToken(database.db, keys, lead, { changes: { first_name: "Ana" }, step: 3, slug: "name" });
    expect(await hashesOf(lead.id)).toEqual(expected("ana.new@example.com", "6465550000"));
  });

  it("are not written by a save refused for a wrong token", async () => {
    const lead = await newLead({ loan_amount: 500 });
    expect(await hashesOf(lead.id)).toEqual([]);
    const saved = await updateLeadWithToken(
      database.db,
      keys,
      { leadId: lead.id, tokenHash: "0".repeat(64) },
      { changes: { email: "someone@example.com" }, step: 1, slug: "email" },
    );
    expect(saved).toBeUndefined();
    expect(await hashesOf(lead.id)).toEqual([]);
  });
});
