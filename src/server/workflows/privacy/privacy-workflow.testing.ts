import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../platform/db/database.ts";
import { mailOutbox } from "../../platform/db/schema.ts";
import { GOOD_DO_NOT_SELL } from "../../../../tests/fixtures/privacy-requests.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";

/** Sends the do-not-sell form with `type` for this person; answers the request's reference. */
export async function askPrivacy(t: TestApp, type: string, person: { email: string; phone: string }) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/do-not-sell-information",
    payload: { ...GOOD_DO_NOT_SELL, stateResidencyPrompt: type, firstName: "Rosalind", lastName: "Okafor", ...person },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { reference: string } }).data.reference;
}

/** The path of the link in the newest mail to `email` whose path starts with `prefix`. */
export async function linkMailedTo(db: Db, email: string, prefix: string): Promise<string> {
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.toAddress} = ${email}`);
  const found = mails
    .map((m) => m.body?.match(new RegExp(`https?://[^/\\s]+(${prefix}/[^\\s]+)`))?.[1])
    .filter((p): p is string => p !== undefined);
  expect(found, `a mail to ${email} with a ${prefix} link`).not.toEqual([]);
  return found[found.length - 1]!;
}

/**
 * A press on a button of the pages a mailed link opens, as a browser sends it: a form post (no fields) from
 * the page itself. `from` replaces where the post says it comes from.
 */
export function pressButton(
  t: TestApp,
  url: string,
  from: Record<string, string> = { "sec-fetch-site": "same-origin" },
) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...from },
    payload: "",
  });
}

/** Every row of every table of the application's database and the job queue, as text. */
export async function everyRowAsText(db: Db): Promise<string> {
  const tables = (await db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  const texts: string[] = [];
  for (const { table_schema, table_name } of tables.rows) {
    const rows = (await db.execute(
      sql.raw(`select t::text as row from "${table_schema}"."${table_name}" t`),
    )) as unknown as { rows: { row: string }[] };
    texts.push(...rows.rows.map((r) => `${table_name}: ${r.row}`));
  }
  return texts.join("\n");
}
