import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { closeInvoices } from "../../partners/invoices/invoice-store.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

const buyerConfig = (id: string, name: string) => ({
  id,
  name,
  kind: "lead_buyer",
  mode: "direct_post",
  protocol: "json",
  post: { url: "https://buyer.example/post", fields: [], answer: { success: { path: "ok", equals: [true] } } },
  pricing: { kind: "bid" },
  billing: { kind: "prepaid", email: "billing@buyer.example", invoicePeriod: "monthly" },
});

// Long past, so the app's own invoice pass, at the real time, finds nothing of these to close.
describe("the console's invoices", () => {
  let t: TestApp;
  let owner: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAs(t, "owner");
    const db = t.database.db;
    await saveBuyer(db, buyerConfig("inv-a", "Invoice Lender A"));
    await saveBuyer(db, buyerConfig("inv-b", "Invoice Lender B"));
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "ia-1", buyerId: "inv-a", amountCents: 4_000, at: new Date("2024-03-05T10:00:00Z") },
        { kind: "sold", leadId: "ib-1", buyerId: "inv-b", amountCents: 2_500, at: new Date("2024-03-06T10:00:00Z") },
      ]),
    );
    const closed = await closeInvoices(db, await t.app.buyerRegistry.current(), new Date("2024-04-01T00:10:00Z"));
    expect(closed).toEqual({ closed: 2, failed: 0 });
  });
  afterAll(() => t.app.close());

  const get = (url: string, user = owner) => t.app.inject({ method: "GET", url, headers: user.read });

  it("lists the invoices newest first, with the buyer's name, of all buyers or one", async () => {
    const all = await get("/api/console/invoices");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.invoices).toMatchObject([
      {
        number: 2,
        buyer_id: "inv-b",
        name: "Invoice Lender B",
        period_start: "2024-03-01",
        totals: { sold_cents: 2_500 },
      },
      {
        number: 1,
        buyer_id: "inv-a",
        name: "Invoice Lender A",
        period_end: "2024-03-31",
        totals: { sold_cents: 4_000 },
      },
    ]);
    const one = await get("/api/console/invoices?buyer=inv-a");
    expect(one.json().data.invoices.map((i: { number: number }) => i.number)).toEqual([1]);
    expect((await get("/api/console/invoices?before=2&limit=1")).json().data.invoices).toMatchObject([{ number: 1 }]);
    expect((await get("/api/console/invoices?limit=0")).statusCode).toBe(400);
  });

  it("downloads an invoice as PDF and as CSV, named by its number", async () => {
    const pdf = await get("/api/console/invoices/1/pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe('attachment; filename="invoice-000001.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const csv = await get("/api/console/invoices/2/csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="invoice-000002.csv"');
    expect(csv.body.split("\r\n").slice(1, 3)).toEqual([
      "000002,2024-03-06T10:00:00.000Z,sold,ib-1,25.00",
      "000002,,total,1 line,25.00",
    ]);
    expect((await get("/api/console/invoices/99/pdf")).statusCode).toBe(404);
    expect((await get("/api/console/invoices/1/xls")).statusCode).toBe(400);
  });

  it("are for partners:read only: a publisher's account is refused", async () => {
    const publisher = await signInAs(t, "publisher");
    for (const url of ["/api/console/invoices", "/api/console/invoices/1/pdf", "/api/console/invoices/1/csv"]) {
      const res = await get(url, publisher);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
  });
});
