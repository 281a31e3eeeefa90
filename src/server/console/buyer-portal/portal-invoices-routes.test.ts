import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { closeInvoices, listInvoices } from "../../partners/invoices/invoice-store.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { billedBuyer } from "../../partners/payments/payments.testing.ts";

// The buyer portal's invoices (docs/product/buyer-money.md#invoices): a buyer account lists and downloads its own,
// and another buyer's answers as a number that does not exist does.

const MONTHLY = { kind: "prepaid", invoicePeriod: "monthly" } as const;

// Long past, so the app's own invoice pass, at the real time, finds nothing of these to close.
describe("the buyer portal's invoices", () => {
  let t: TestApp;
  let buyer: ConsoleUser;
  /** pi-a's March invoice (1 or 2: the close takes the buyers in no promised order), and pi-b's. */
  let march: number;
  let others: number;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await saveBuyer(db, billedBuyer("pi-a", MONTHLY));
    await saveBuyer(db, billedBuyer("pi-b", MONTHLY));
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "pa-1", buyerId: "pi-a", amountCents: 4_000, at: new Date("2024-03-05T10:00:00Z") },
        { kind: "sold", leadId: "pb-1", buyerId: "pi-b", amountCents: 2_500, at: new Date("2024-03-06T10:00:00Z") },
        { kind: "sold", leadId: "pa-2", buyerId: "pi-a", amountCents: 1_500, at: new Date("2024-04-02T10:00:00Z") },
      ]),
    );
    // March for both, then April for pi-a: its two invoices have pi-b's between them.
    const buyers = await t.app.buyerRegistry.current();
    expect(await closeInvoices(db, buyers, new Date("2024-04-01T00:10:00Z"))).toEqual({ closed: 2, failed: 0 });
    expect(await closeInvoices(db, buyers, new Date("2024-05-01T00:10:00Z"))).toEqual({ closed: 1, failed: 0 });
    const all = await listInvoices(db, { limit: 10 });
    march = all.find((i) => i.buyer_id === "pi-a" && i.period_start === "2024-03-01")!.number;
    others = all.find((i) => i.buyer_id === "pi-b")!.number;
    expect(all.find((i) => i.buyer_id === "pi-a" && i.period_start === "2024-04-01")!.number).toBe(3);
    buyer = await signInAs(t, "buyer", undefined, "pi-a");
  });
  afterAll(() => t.app.close());

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: buyer.read });
  const numbers = (res: { json: () => { data: { invoices: { number: number; buyer_id: string }[] } } }) =>
    res.json().data.invoices.map((i) => [i.number, i.buyer_id]);

  it("lists its own invoices newest first, with its name, and pages back from a number", async () => {
    const all = await get("/api/console/portal/invoices");
    expect(all.statusCode, all.body).toBe(200);
    expect(numbers(all)).toEqual([
      [3, "pi-a"],
      [march, "pi-a"],
    ]);
    expect(all.json().data.invoices[0]).toMatchObject({
      name: "Buyer pi-a",
      period_start: "2024-04-01",
      period_end: "2024-04-30",
      totals: { sold_cents: 1_500 },
    });
    expect(numbers(await get("/api/console/portal/invoices?limit=1"))).toEqual([[3, "pi-a"]]);
    expect(numbers(await get("/api/console/portal/invoices?before=3"))).toEqual([[march, "pi-a"]]);
    // The console's buyer filter is not the portal's: asking for another buyer still lists its own.
    expect(numbers(await get("/api/console/portal/invoices?buyer=pi-b"))).toEqual([
      [3, "pi-a"],
      [march, "pi-a"],
    ]);
  });

  it("downloads its own invoice as PDF and CSV", async () => {
    const pdf = await get(`/api/console/portal/invoices/${march}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="invoice-00000${march}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const csv = await get("/api/console/portal/invoices/3/csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="invoice-000003.csv"');
    expect(csv.body).toContain("000003,2024-04-02T10:00:00.000Z,sold,pa-2,15.00");
  });

  it("downloads the period so far as a draft: from the day after its last invoice to today, never numbered", async () => {
    const today = new Date().toISOString().slice(0, 10);
    // A sale today: in the draft, as in no closed invoice.
    await t.database.db.transaction((tx) =>
      appendLedger(tx, [{ kind: "sold", leadId: "pa-today", buyerId: "pi-a", amountCents: 2_200 }]),
    );
    const csv = await get("/api/console/portal/invoices/draft/csv");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="invoice-draft-${today}.csv"`);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines.filter((l) => l.startsWith("draft,") && l.includes(",sold,"))).toEqual([
      expect.stringContaining(",sold,pa-today,22.00"),
    ]);
    const pdf = await get("/api/console/portal/invoices/draft/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await listInvoices(t.database.db, { limit: 10 })).toHaveLength(3);
  });

  it("answers 404 for another buyer's invoice, as for one that does not exist", async () => {
    for (const url of [
      `/api/console/portal/invoices/${others}/pdf`,
      `/api/console/portal/invoices/${others}/csv`,
      "/api/console/portal/invoices/99/pdf",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: "No invoice of yours with that number." });
    }
    // The same number is there for the console: the refusal is the buyer's, not a missing invoice.
    const owner = await signInAs(t, "owner");
    const operatorRead = await t.app.inject({
      method: "GET",
      url: `/api/console/invoices/${others}/pdf`,
      headers: owner.read,
    });
    expect(operatorRead.statusCode).toBe(200);
    expect((await get("/api/console/portal/invoices/1/xls")).statusCode).toBe(400);
  });
});
