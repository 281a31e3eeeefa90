import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import type { Database } from "../../platform/db/database.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import {
  createPublisher,
  listPublishers,
  postbackSecretOf,
  publisherByAffId,
  replacePostbackSecret,
  updatePublisher,
} from "./publisher-store.ts";

const acme: PublisherSettings = {
  id: "acme",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: null,
  enabled: true,
};

describe("the publisher store", () => {
  let database: Database;
  const cipher = new PiiCipher(randomSecrets().piiKeyring);
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("keeps each id and aff_id once, its postback secret encrypted and replaceable", async () => {
    const db = database.db;
    const made = await createPublisher(db, cipher, acme);
    expect(made?.publisher).toMatchObject({ id: "acme", aff_id: "A100", payout_amount: 700 });
    expect(await postbackSecretOf(db, cipher, "acme")).toBe(made?.postbackSecret);
    expect(await createPublisher(db, cipher, { ...acme, aff_id: "B200" })).toBeNull();
    expect(await createPublisher(db, cipher, { ...acme, id: "other", aff_id: "A100" })).toBeNull();

    await createPublisher(db, cipher, { ...acme, id: "beta", name: "Beta Leads", aff_id: "B200" });
    expect(await updatePublisher(db, { ...acme, id: "beta", aff_id: "A100" })).toBe("aff_id taken");
    expect(await updatePublisher(db, { ...acme, id: "nobody", aff_id: "C300" })).toBeNull();
    expect(await updatePublisher(db, { ...acme, hold_days: 45 })).toMatchObject({ hold_days: 45 });

    const replaced = await replacePostbackSecret(db, cipher, "acme");
    expect(replaced).not.toBe(made?.postbackSecret);
    expect(await postbackSecretOf(db, cipher, "acme")).toBe(replaced);
    expect((await publisherByAffId(db, "B200"))?.id).toBe("beta");
    expect(await publisherByAffId(db, undefined)).toBeNull();
    expect((await listPublishers(db)).map((p) => p.id)).toEqual(["acme", "beta"]);
  });

  it("tells the second of two saves at once taking one free aff_id that it is taken, never a 500", async () => {
    const db = database.db;
    await createPublisher(db, cipher, { ...acme, id: "delta", name: "Delta Leads", aff_id: "D400" });
    await createPublisher(db, cipher, { ...acme, id: "echo", name: "Echo Leads", aff_id: "E500" });
    const both = await Promise.all([
      updatePublisher(db, { ...acme, id: "delta", name: "Delta Leads", aff_id: "Z900" }),
      updatePublisher(db, { ...acme, id: "echo", name: "Echo Leads", aff_id: "Z900" }),
    ]);
    expect(both.filter((saved) => saved === "aff_id taken")).toHaveLength(1);
    expect(both.find((saved) => saved !== "aff_id taken")).toMatchObject({ aff_id: "Z900" });
  });
});
