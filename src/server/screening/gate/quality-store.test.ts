import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import { insertLead } from "../../intake/leads/lead-store.ts";
import type { Database } from "../../platform/db/database.ts";
import { screeningCalls } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { readQuality, saveQuality, setCheck } from "./quality-store.ts";

// A lead's one quality record (docs/product/screening.md#the-quality-record): written once, its calls counted once.

describe("the quality record", () => {
  let database: Database;
  const secrets = randomSecrets();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  async function lead(id: string) {
    await insertLead(
      database.db,
      { cipher: new PiiCipher(secrets.piiKeyring), hashSecret: secrets.tokenSecret },
      { id, accessTokenHash: "x".repeat(64), userIp: "203.0.113.1", changes: {}, slug: "test", doNotSell: false },
    );
  }

  it("keeps the first record of a lead, and counts only the calls of the one that stood", async () => {
    await lead("ld_quality_record_test01");
    const at = "2026-12-07T10:00:00.000Z";
    const first = await saveQuality(
      database.db,
      "ld_quality_record_test01",
      { checks: { velocity: { answer: "ok", source: "offline", at } }, refusedReason: null, ms: 12 },
      [
        { adapter: "twilio", outcome: "ok" },
        { adapter: "twilio", outcome: "ok" },
      ],
      new Date(at),
    );
    const second = await saveQuality(
      database.db,
      "ld_quality_record_test01",
      { checks: { velocity: { answer: "flagged", source: "offline", at } }, refusedReason: "velocity", ms: 30 },
      [{ adapter: "twilio", outcome: "ok" }],
      new Date(at),
    );
    expect(second).toEqual(first);
    expect(second.refusedReason).toBeNull();
    expect(second.checks.velocity?.answer).toBe("ok");
    const calls = await database.db.select().from(screeningCalls);
    expect(calls).toEqual([{ day: "2026-12-07", adapter: "twilio", outcome: "ok", n: 2 }]);
  });

  it("sets one answer after the sale, with its call counted beside the day's others", async () => {
    await lead("ld_quality_record_test02");
    await saveQuality(
      database.db,
      "ld_quality_record_test02",
      {
        checks: { consent_certificate: { answer: "verified", source: "trustedform", at: "" } },
        refusedReason: null,
        ms: 5,
      },
      [],
    );
    await setCheck(
      database.db,
      "ld_quality_record_test02",
      "consent_certificate",
      { answer: "claimed", source: "trustedform", at: "2026-12-07T10:01:00.000Z" },
      { adapter: "trustedform", outcome: "ok" },
    );
    const record = await readQuality(database.db, "ld_quality_record_test02");
    expect(record?.checks.consent_certificate).toEqual({
      answer: "claimed",
      source: "trustedform",
      at: "2026-12-07T10:01:00.000Z",
    });
    const calls = await database.db.select().from(screeningCalls);
    expect(calls.find((c) => c.adapter === "trustedform")).toMatchObject({ outcome: "ok", n: 1 });
  });
});
