import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { AUDIT_CSV_COLUMNS, type AuditRow } from "#domain/contracts/console.ts";
import { auditLog } from "../../platform/db/schema.ts";
import { parseCsv } from "../../platform/csv/csv.testing.ts";
import { AUDIT_EXPORT_BATCH } from "./audit-routes.ts";

// Issue 32's audit log: filtered by person, action and dates, the filters combined, and exported whole as CSV.

const BULK = AUDIT_EXPORT_BATCH + 40;

describe("the audit log's filters and CSV export", () => {
  let t: TestApp;
  let owner: ConsoleUser;
  const others: ConsoleUser[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAs(t, "owner");
    for (const role of ["manager", "compliance", "analyst"] as const) others.push(await signInAs(t, role));
    // Rows of two people over three days (the table takes inserts only): i even is Ada's, odd is Bo's; the day
    // is i % 3 days after 2019-05-01; every 7th is an export, the rest edits, one with a formula for a reason.
    await t.database.db.execute(sql`
      insert into audit_log (operator_id, operator_email, action, target, reason, details, created_at)
      select case when i % 2 = 0 then 'op-ada' else 'op-bo' end,
        case when i % 2 = 0 then 'Ada@Loanpath.test' else 'bo@loanpath.test' end,
        case when i % 7 = 0 then 'test.export' else 'test.edit' end,
        'buyer-' || i,
        case when i = 14 then '=cmd|'' /C calc''!A0' when i = 21 then 'late, "again"' end,
        jsonb_build_object('n', i),
        timestamptz '2019-05-01T12:00:00Z' + (i % 3) * interval '1 day'
      from generate_series(0, ${BULK - 1}) i`);
  });
  afterAll(() => t.app.close());

  const get = (path: string, query: Record<string, string>, user = owner) =>
    t.app.inject({ method: "GET", url: `${path}?${new URLSearchParams(query).toString()}`, headers: user.read });

  async function allPages(query: Record<string, string>) {
    const rows: AuditRow[] = [];
    let before: number | null = null;
    do {
      const res = await get("/api/console/audit", {
        ...query,
        limit: "200",
        ...(before ? { before: String(before) } : {}),
      });
      expect(res.statusCode).toBe(200);
      rows.push(...res.json().data.entries);
      before = res.json().data.next_before;
    } while (before);
    return rows;
  }
  const targetsOf = (keep: (i: number) => boolean) =>
    Array.from({ length: BULK }, (_, i) => i)
      .filter(keep)
      .reverse()
      .map((i) => `buyer-${i}`);

  it("filters by person (id or e-mail in any case), action and dates, and the filters combine", async () => {
    const cases: [Record<string, string>, (i: number) => boolean][] = [
      [{ operator: "op-ada" }, (i) => i % 2 === 0],
      [{ operator: "ada@loanpath.TEST" }, (i) => i % 2 === 0],
      [{ operator: "bo@loanpath.test", action: "test.export" }, (i) => i % 2 === 1 && i % 7 === 0],
      [{ from: "2019-05-02", to: "2019-05-02" }, (i) => i % 3 === 1],
      [
        { from: "2019-05-02", action: "test.export", operator: "op-ada" },
        (i) => i % 3 !== 0 && i % 7 === 0 && i % 2 === 0,
      ],
      [{ to: "2019-05-01T12:00:00Z", action: "test.edit" }, (i) => i % 3 === 0 && i % 7 !== 0],
    ];
    for (const [query, keep] of cases) expect((await allPages(query)).map((r) => r.target)).toEqual(targetsOf(keep));
    expect((await get("/api/console/audit", { from: "May 2" })).statusCode).toBe(400);
  });

  it("exports every filtered row as CSV over more than one batch, escaped and with formulas defused", async () => {
    const query = { from: "2019-05-01", to: "2019-05-03" };
    const res = await get("/api/console/audit/export", query);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(lines.length).toBe(BULK);
    expect(BULK).toBeGreaterThan(AUDIT_EXPORT_BATCH);
    const rows = await allPages(query);
    const col = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => AUDIT_CSV_COLUMNS.indexOf(name);
    expect(lines.map((l) => l[col("id")])).toEqual(rows.map((r) => String(r.id)));
    const line = (target: string) => lines.find((l) => l[col("target")] === target)!;
    expect(line("buyer-14")[col("reason")]).toBe("'=cmd|' /C calc'!A0");
    expect(line("buyer-21")[col("reason")]).toBe('late, "again"');
    expect(JSON.parse(line("buyer-21")[col("details")]!)).toEqual({ n: 21 });

    const ada = parseCsv(
      (await get("/api/console/audit/export", { ...query, operator: "op-ada", action: "test.export" })).body,
    );
    expect(ada.slice(1).map((l) => l[col("target")])).toEqual(targetsOf((i) => i % 2 === 0 && i % 7 === 0));
  });

  it("is the owner's alone, and an export is itself in the log", async () => {
    for (const user of others) {
      expect((await get("/api/console/audit/export", {}, user)).statusCode).toBe(403);
      expect((await get("/api/console/audit", {}, user)).statusCode).toBe(403);
    }
    expect((await get("/api/console/audit/export", { action: "test.edit" })).statusCode).toBe(200);
    const kept = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "audit.export"));
    expect(kept.map((r) => [r.operatorId, r.details])).toContainEqual([owner.id, { filters: { action: "test.edit" } }]);
  });
});
