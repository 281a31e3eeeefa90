import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import type { ScreenInput } from "../gate/screening-check.ts";
import { createListCheck } from "./list-check.ts";
import { createList, replaceEntries } from "./list-store.ts";

// The lists as a check of the gate (docs/product/screening.md#lists): a lead's phone hash against every list.

const { tokenSecret } = randomSecrets();

const leadWith = (phone: string | null): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone,
  email: "jane@example.com",
  zip: "10001",
  city: "New York",
  state: "NY",
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date(),
  hashes: { device: null, ip: null, phone: personHash(tokenSecret, "phone", phone), email: null },
});

describe("the list check", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    const made = async (name: string, kind: "do_not_call" | "litigator", text: string) => {
      const list = await createList(database.db, { name, kind }, null);
      if (list === "name taken") throw new Error("taken");
      await replaceEntries(database.db, tokenSecret, list.id, text, null);
    };
    await made("Operator DNC", "do_not_call", "2125550001\n2125550002");
    await made("State DNC", "do_not_call", "2125550001");
    await made("Known litigators", "litigator", "2125550002\n2125550003");
  });
  afterAll(() => database.close());

  const check = () => createListCheck({ db: database.db, timeoutMs: 500 });
  const run = (phone: string | null) => check().run(leadWith(phone), new AbortController().signal);

  it("answers both checks from the lists, naming each list the phone is on", async () => {
    expect(check()).toMatchObject({ name: "lists", answers: ["do_not_call", "litigator"], timeoutMs: 500 });
    expect(check().adapter).toBeUndefined();

    expect(await run("+1 (212) 555-0001")).toEqual({
      do_not_call: { answer: "listed", source: "lists", detail: "list: Operator DNC, State DNC" },
      litigator: { answer: "clear", source: "lists" },
    });
    expect(await run("2125550002")).toEqual({
      do_not_call: { answer: "listed", source: "lists", detail: "list: Operator DNC" },
      litigator: { answer: "listed", source: "lists", detail: "list: Known litigators" },
    });
    expect(await run("2125550003")).toEqual({
      do_not_call: { answer: "clear", source: "lists" },
      litigator: { answer: "listed", source: "lists", detail: "list: Known litigators" },
    });
    expect(await run("2125550099")).toEqual({
      do_not_call: { answer: "clear", source: "lists" },
      litigator: { answer: "clear", source: "lists" },
    });
  });

  it("answers unknown for a lead without a phone", async () => {
    expect(await run(null)).toEqual({
      do_not_call: { answer: "unknown", source: "lists", detail: "no phone" },
      litigator: { answer: "unknown", source: "lists", detail: "no phone" },
    });
  });
});
