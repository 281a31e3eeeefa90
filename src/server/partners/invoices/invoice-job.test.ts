import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { appendLedger } from "../ledger/ledger-store.ts";
import { scheduleInvoices } from "./invoice-job.ts";
import { listInvoices } from "./invoice-store.ts";

describe("the invoices' job", () => {
  let database: Database;
  afterAll(() => database.close());

  it("closes the billed buyers' ended periods on its own, with the buyers and the time it is given", async () => {
    database = await createTestDatabase();
    const db = database.db;
    await db.transaction((tx) =>
      appendLedger(tx, [
        {
          kind: "sold",
          leadId: "job-1",
          buyerId: "job-buyer",
          amountCents: 1_200,
          at: new Date("2025-05-14T10:00:00Z"),
        },
      ]),
    );
    const app = Fastify();
    let asked = 0;
    const buyers = async () => {
      asked += 1;
      return [
        {
          id: "job-buyer",
          name: "Job Buyer",
          billing: { kind: "credit", creditLimit: 10, invoicePeriod: "weekly" },
        } as const,
      ];
    };
    scheduleInvoices(app, { db, buyers, now: () => new Date("2025-05-19T01:00:00Z"), everyMs: 20 });
    await app.ready();
    // A generous limit only: the pass runs every 20 ms.
    for (const until = Date.now() + 30_000; asked < 3 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await app.close();
    expect(asked).toBeGreaterThanOrEqual(3);
    // Run again and again, it closed the week once.
    expect(await listInvoices(db, { limit: 10 })).toMatchObject([
      {
        number: 1,
        buyer_id: "job-buyer",
        period_start: "2025-05-12",
        period_end: "2025-05-18",
        totals: { sold_cents: 1_200 },
      },
    ]);
  });
});
