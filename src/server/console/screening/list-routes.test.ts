import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { LIST_KIND_MESSAGE, LIST_NAME_MESSAGE } from "#domain/contracts/console-screening-lists.ts";
import { auditLog } from "../../platform/db/schema.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import { listMatches } from "../../screening/lists/list-store.ts";

// The operator's screening lists in the console (docs/product/screening.md#lists): any operator reads them, those who
// manage buyers change them, an upload replaces a list whole, and no number reaches the audit log or the logs.

let t: TestApp;
let manager: ConsoleUser;
let analyst: ConsoleUser;
let compliance: ConsoleUser;

const LISTS = "/api/console/screening/lists";

const create = (who: ConsoleUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: LISTS, headers: who.write, payload });
const upload = (who: ConsoleUser, id: string, text: string, contentType = "text/plain") =>
  t.app.inject({
    method: "PUT",
    url: `${LISTS}/${id}/entries`,
    headers: { ...who.write, "content-type": contentType },
    payload: text,
  });
const lists = async (who: ConsoleUser) => {
  const res = await t.app.inject({ method: "GET", url: LISTS, headers: who.read });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.lists as { id: string; name: string; kind: string; entries: number; updated_by: string }[];
};

/** 20,000 phones of area code 201 as the registry writes them: far past the console's usual 64 KB body. */
const REGISTRY = Array.from({ length: 20_000 }, (_, n) => `201,${5_550_000 + n}`).join("\n");

beforeAll(async () => {
  t = await createTestApp();
  manager = await signInAs(t, "manager");
  analyst = await signInAs(t, "analyst");
  compliance = await signInAs(t, "compliance");
});
afterAll(() => t.app.close());

describe("the screening lists in the console", () => {
  it("creates a list, takes an upload as text, and reads back its count", async () => {
    const made = await create(manager, { name: "  Operator DNC ", kind: "do_not_call" });
    expect(made.statusCode, made.body).toBe(201);
    const list = made.json().data.list;
    expect(list).toMatchObject({ name: "Operator DNC", kind: "do_not_call", entries: 0, updated_by: manager.email });

    const first = await upload(manager, list.id, "phone\n2125550001\n(212) 555-0002\n\n2125550001\n");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ entries: 2, skipped: 2, duplicates: 1, list: { entries: 2 } });

    // A registry file replaces the list whole, in a body far larger than the console's others.
    expect(REGISTRY.length).toBeGreaterThan(200_000);
    const registry = await upload(manager, list.id, REGISTRY, "text/csv");
    expect(registry.statusCode, registry.body).toBe(200);
    expect(registry.json().data).toMatchObject({ entries: 20_000, skipped: 0, duplicates: 0 });

    expect((await lists(manager)).find((l) => l.id === list.id)).toMatchObject({
      name: "Operator DNC",
      kind: "do_not_call",
      entries: 20_000,
      updated_by: manager.email,
    });
    // Hashed with the server's own secret, as the gate hashes a lead's phone.
    const hash = (phone: string) => personHash(t.secrets.tokenSecret, "phone", phone)!;
    expect((await listMatches(t.database.db, hash("2015550123"))).map((m) => m.name)).toEqual(["Operator DNC"]);
    expect(await listMatches(t.database.db, hash("2125550001"))).toEqual([]);

    const audit = await t.database.db.select().from(auditLog);
    const actions = audit.filter((a) => a.target === list.id).map((a) => [a.action, a.details]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["screening_list.create", { name: "Operator DNC", kind: "do_not_call" }],
        ["screening_list.upload", { entries: 2, skipped: 2, duplicates: 1 }],
        ["screening_list.upload", { entries: 20_000, skipped: 0, duplicates: 0 }],
      ]),
    );
    const written = JSON.stringify(audit) + t.logs();
    for (const phone of ["2125550001", "2125550002", "2015550123", "2015569999"]) {
      expect(written).not.toContain(phone);
    }
  });

  it("refuses a bad name or kind with a message, a taken name, and an upload without a phone", async () => {
    const unnamed = await create(manager, { name: " ", kind: "litigator" });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual({ name: LIST_NAME_MESSAGE });
    const unkind = await create(manager, { name: "Litigators", kind: "spam" });
    expect(unkind.statusCode).toBe(400);
    expect(unkind.json().errors).toEqual({ kind: LIST_KIND_MESSAGE });

    const made = (await create(manager, { name: "Litigators", kind: "litigator" })).json().data.list;
    const again = await create(manager, { name: "LITIGATORS", kind: "do_not_call" });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: "Another list has this name." });

    await upload(manager, made.id, "3125550001");
    const empty = await upload(manager, made.id, "name,email\nJane,jane@example.com\n");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^Not one line of this file holds a phone/);
    expect((await lists(manager)).find((l) => l.id === made.id)?.entries).toBe(1);

    expect((await upload(manager, "lst_nobody", "3125550001")).statusCode).toBe(404);
  });

  it("renames and deletes a list", async () => {
    const made = (await create(manager, { name: "Old name", kind: "do_not_call" })).json().data.list;
    await create(manager, { name: "Taken", kind: "do_not_call" });
    const patch = (name: string, id = made.id) =>
      t.app.inject({ method: "PATCH", url: `${LISTS}/${id}`, headers: manager.write, payload: { name } });

    expect((await patch("taken")).statusCode).toBe(409);
    const renamed = await patch("New name");
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.list).toMatchObject({ id: made.id, name: "New name" });
    expect((await patch("Whatever", "lst_nobody")).statusCode).toBe(404);

    const del = () => t.app.inject({ method: "DELETE", url: `${LISTS}/${made.id}`, headers: manager.write });
    expect((await del()).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(404);
    expect((await lists(manager)).map((l) => l.name)).not.toContain("New name");

    const audit = await t.database.db.select().from(auditLog);
    expect(audit.filter((a) => a.target === made.id).map((a) => [a.action, a.details])).toEqual(
      expect.arrayContaining([
        ["screening_list.rename", { from: "Old name", to: "New name" }],
        ["screening_list.delete", { name: "New name", kind: "do_not_call", entries: 0 }],
      ]),
    );
  });

  it("lets those who read the buyers read the lists, and only those who manage buyers change them", async () => {
    const made = (await create(manager, { name: "Guarded", kind: "do_not_call" })).json().data.list;
    expect((await lists(manager)).map((l) => l.name)).toContain("Guarded");
    for (const who of [analyst, compliance]) {
      const read = await t.app.inject({ method: "GET", url: LISTS, headers: who.read });
      expect(read.statusCode).toBe(403);
    }

    for (const who of [analyst, compliance]) {
      expect((await create(who, { name: "Mine", kind: "do_not_call" })).statusCode).toBe(403);
      expect((await upload(who, made.id, "2125550001")).statusCode).toBe(403);
      const rename = await t.app.inject({
        method: "PATCH",
        url: `${LISTS}/${made.id}`,
        headers: who.write,
        payload: { name: "Mine" },
      });
      expect(rename.statusCode).toBe(403);
      const del = await t.app.inject({ method: "DELETE", url: `${LISTS}/${made.id}`, headers: who.write });
      expect(del.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: LISTS })).statusCode).toBe(401);
    // A change without the session's CSRF token is refused, signed in or not.
    expect((await upload({ ...manager, write: manager.read }, made.id, "2125550001")).statusCode).toBe(403);
    expect((await lists(manager)).find((l) => l.id === made.id)?.entries).toBe(0);
  });
});
