import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLead } from "../../../../tests/helpers/lead-client.ts";
import { createTestApp } from "../../../../tests/helpers/test-app.ts";

describe("an unexpected server fault", () => {
  it("answers a plain 500 and logs where it happened, without the personal data the request carried", async () => {
    const t = await createTestApp();
    // A table gone missing makes the write fail inside the driver, whose message quotes the query's
    // parameters: the step history holds the e-mail and name in clear.
    await t.database.db.execute(sql`alter table step_events rename to step_events_gone`);
    const { res } = await createLead(t.app, { email: "jo.secret@example.com", first_name: "Secretname" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, message: "Something went wrong on our side. Please try again." });
    const logs = t.logs();
    expect(logs).toContain("unhandled error");
    expect(logs).toMatch(/"err":\{"type":"[A-Za-z]+"/);
    expect(logs).not.toContain("jo.secret@example.com");
    expect(logs).not.toContain("Secretname");
    await t.app.close();
  });
});
