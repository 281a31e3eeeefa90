import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Billing } from "../../../domain/buyers/billing.ts";
import type { Database, Db } from "../../platform/db/database.ts";
import { appendLedger, type LedgerEvent } from "../ledger/ledger-store.ts";
import { invoiceCsv } from "./invoice-csv.ts";
import { INVOICE_MAIL_PURPOSE } from "./invoice-mail.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { closeInvoices, findInvoice, invoiceLines, listInvoices, type InvoicedBuyer } from "./invoice-store.ts";

const write = (db: Db, events: LedgerEvent[]) => db.transaction((tx) => appendLedger(tx, events));
const at = (iso: string) => new Date(iso);
const billed = (id: string, billing: Partial<Billing>): InvoicedBuyer => ({
  id,
  name: `Buyer ${id}`,
  billing: { kind: "prepaid", invoicePeriod: "weekly", ...billing },
});

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const invoiceMails = (db: Db) =>
  rowsOf<{ to_address: string; subject: string; body: string }>(
    db,
    sql`select to_address, subject, body from mail_outbox where purpose = ${INVOICE_MAIL_PURPOSE} order by id`,
  );

/** The text a PDF draws, from its uncompressed content: each TJ array's hex strings, decoded (WinAnsi is ASCII here). */
function pdfText(pdf: Buffer): string {
  const arrays = pdf.toString("latin1").match(/\[([^\]]*)\] TJ/g) ?? [];
  return arrays
    .map((a) => [...a.matchAll(/<([0-9a-f]*)>/g)].map((m) => Buffer.from(m[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}

// 6 January 2025 is a Monday.
describe("invoices, closed per buyer's period", () => {
  let database: Database;
  let db: Db;
  const weekly = billed("wk", { email: "billing@wk.example" });
  const monthly = billed("mo", { kind: "credit", creditLimit: 1_000, invoicePeriod: "monthly" });
  const unbilled = billed("free", { kind: "none", email: "billing@free.example" });
  const quiet = billed("quiet", { email: "billing@quiet.example" });
  const buyers = [weekly, monthly, unbilled, quiet];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await write(db, [
      // Before the weekly buyer's first invoice: in no invoice and not in its balance.
      { kind: "sold", leadId: "lead-secret-0", buyerId: "wk", amountCents: 1_000, at: at("2024-12-20T10:00:00Z") },
      { kind: "payment", leadId: "pay_wk1", buyerId: "wk", amountCents: 50_000, at: at("2025-01-06T09:00:00Z") },
      { kind: "sold", leadId: "lead-secret-1", buyerId: "wk", amountCents: 4_000, at: at("2025-01-07T12:00:00Z") },
      { kind: "sold", leadId: "lead-secret-2", buyerId: "wk", amountCents: 3_500, at: at("2025-01-12T23:59:59.999Z") },
      { kind: "returned", leadId: "lead-secret-2", buyerId: "wk", amountCents: -3_500, at: at("2025-01-13T00:00:00Z") },
      { kind: "sold", leadId: "lead-secret-3", buyerId: "wk", amountCents: 2_000, at: at("2025-01-15T08:00:00Z") },
      // Another buyer's and a publisher's rows are no part of it.
      {
        kind: "payout_earned",
        leadId: "lead-secret-1",
        publisherId: "acme",
        amountCents: 900,
        at: at("2025-01-07T12:00:00Z"),
      },
      { kind: "sold", leadId: "lead-free-1", buyerId: "free", amountCents: 7_000, at: at("2025-01-07T12:00:00Z") },
      { kind: "sold", leadId: "lead-mo-1", buyerId: "mo", amountCents: 10_000, at: at("2025-01-31T23:59:00Z") },
      { kind: "payment", leadId: "pay_mo1", buyerId: "mo", amountCents: 5_000, at: at("2025-02-01T00:00:00Z") },
      { kind: "sold", leadId: "lead-mo-2", buyerId: "mo", amountCents: 2_500, at: at("2025-02-10T10:00:00Z") },
    ]);
  });
  afterAll(() => database.close());

  it("closes a week once it has ended and its ten minutes have passed, numbered from 1", async () => {
    expect(await closeInvoices(db, buyers, at("2025-01-13T00:09:00Z"))).toEqual({ closed: 0, failed: 0 });
    expect(await closeInvoices(db, buyers, at("2025-01-13T00:10:00Z"))).toEqual({ closed: 1, failed: 0 });
    expect(await listInvoices(db, { limit: 10 })).toEqual([
      {
        number: 1,
        buyer_id: "wk",
        period: "weekly",
        period_start: "2025-01-06",
        period_end: "2025-01-12",
        closed_at: "2025-01-13T00:10:00.000Z",
        totals: {
          leads_sold: 2,
          sold_cents: 7_500,
          returns: 0,
          returned_cents: 0,
          payments: 1,
          paid_cents: 50_000,
          net_cents: 7_500,
          opening_balance_cents: 0,
          balance_cents: 42_500,
        },
      },
    ]);
  });

  it("closes a month at its end, follows on from the last week, and sums what the ledger holds", async () => {
    const now = at("2025-02-01T00:10:00Z");
    expect(await closeInvoices(db, buyers, now)).toEqual({ closed: 2, failed: 0 });
    const [mo, wk2] = await listInvoices(db, { limit: 2 });
    expect(wk2).toMatchObject({
      number: 2,
      buyer_id: "wk",
      period_start: "2025-01-13",
      period_end: "2025-01-19",
      totals: { leads_sold: 1, sold_cents: 2_000, returns: 1, returned_cents: -3_500, payments: 0, net_cents: -1_500 },
    });
    expect(wk2!.totals).toMatchObject({ opening_balance_cents: 42_500, balance_cents: 44_000 });
    // The payment stamped 00:00 on 1 February is February's.
    expect(mo).toMatchObject({
      number: 3,
      buyer_id: "mo",
      period: "monthly",
      period_start: "2025-01-01",
      period_end: "2025-01-31",
      totals: { leads_sold: 1, sold_cents: 10_000, payments: 0, net_cents: 10_000, balance_cents: -10_000 },
    });
    // The weekly buyer's invoices sum exactly its rows from its first invoice's start to its last one's end.
    const [sums] = await rowsOf<{ net: string; paid: string; n: string }>(
      db,
      sql`select sum(amount_cents) filter (where kind in ('sold', 'returned')) as net,
          sum(amount_cents) filter (where kind = 'payment') as paid, count(*) as n
        from ledger_entries where buyer_id = 'wk' and at >= '2025-01-06T00:00:00Z' and at < '2025-01-20T00:00:00Z'`,
    );
    const wkInvoices = await listInvoices(db, { buyerId: "wk", limit: 10 });
    const total = (key: "net_cents" | "paid_cents" | "leads_sold" | "returns" | "payments") =>
      wkInvoices.reduce((n, i) => n + i.totals[key], 0);
    expect([total("net_cents"), total("paid_cents")]).toEqual([Number(sums!.net), Number(sums!.paid)]);
    expect(total("leads_sold") + total("returns") + total("payments")).toBe(Number(sums!.n));
    // No invoice for the unbilled buyer, nor for a billed one with no row; nothing more to close.
    expect(new Set((await listInvoices(db, { limit: 10 })).map((i) => i.buyer_id))).toEqual(new Set(["wk", "mo"]));
    expect(await closeInvoices(db, buyers, now)).toEqual({ closed: 0, failed: 0 });
    expect(await closeInvoices(db, buyers, at("2025-02-20T00:00:00Z"))).toEqual({ closed: 0, failed: 0 });
  });

  it("queues one plain mail per closed invoice to the billing address, naming no lead", async () => {
    const mails = await invoiceMails(db);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ["billing@wk.example", "Loanpath invoice 000001: Buyer wk, 2025-01-06 to 2025-01-12"],
      ["billing@wk.example", "Loanpath invoice 000002: Buyer wk, 2025-01-13 to 2025-01-19"],
    ]);
    expect(mails[0]!.body).toContain("Leads sold (2):");
    expect(mails[0]!.body).toMatch(/Payments received \(1\): +\$500\.00/);
    expect(mails[0]!.body).toMatch(/Credit in your favour: +\$425\.00/);
    expect(mails.map((m) => m.body).join("\n")).not.toMatch(/lead-secret|pay_wk/);
  });

  it("follows on after a change from weekly to monthly: the rest of the month, then the month", async () => {
    const nowMonthly = { ...weekly, billing: { ...weekly.billing, invoicePeriod: "monthly" as const } };
    await write(db, [
      { kind: "sold", leadId: "lead-secret-4", buyerId: "wk", amountCents: 1_500, at: at("2025-01-22T10:00:00Z") },
      { kind: "sold", leadId: "lead-secret-5", buyerId: "wk", amountCents: 2_500, at: at("2025-02-03T10:00:00Z") },
    ]);
    expect(await closeInvoices(db, [nowMonthly, monthly], at("2025-03-01T00:10:00Z"))).toEqual({
      closed: 3,
      failed: 0,
    });
    const list = await listInvoices(db, { limit: 3 });
    expect(
      list.map((i) => [i.number, i.buyer_id, i.period, i.period_start, i.period_end, i.totals.balance_cents]),
    ).toEqual([
      [6, "wk", "monthly", "2025-02-01", "2025-02-28", 44_000 - 1_500 - 2_500],
      [5, "mo", "monthly", "2025-02-01", "2025-02-28", -10_000 + 5_000 - 2_500],
      [4, "wk", "monthly", "2025-01-20", "2025-01-31", 44_000 - 1_500],
    ]);
    expect(await listInvoices(db, { buyerId: "mo", before: 5, limit: 5 })).toMatchObject([{ number: 3 }]);
    expect(await findInvoice(db, 5, "wk")).toBeUndefined();
    expect(await findInvoice(db, 5, "mo")).toMatchObject({ number: 5 });
  });

  it("never changes a closed invoice: the database refuses an update or a delete", async () => {
    for (const change of [sql`update invoices set totals = '{}'::jsonb`, sql`delete from invoices where number = 1`]) {
      const refused = await db.execute(change).then(
        () => "allowed",
        (e: Error) => String((e.cause as Error | undefined)?.message ?? e.message),
      );
      expect(refused).toMatch(/append-only/);
    }
    expect((await findInvoice(db, 1))?.totals.balance_cents).toBe(42_500);
  });

  it("writes the lines as CSV, each as it moves what the buyer owes, with their total", async () => {
    const first = (await findInvoice(db, 1))!;
    expect(invoiceCsv(first, await invoiceLines(db, first)).split("\r\n")).toEqual([
      "invoice,at (UTC),kind,lead or payment id,amount (USD)",
      "000001,2025-01-06T09:00:00.000Z,payment,pay_wk1,-500.00",
      "000001,2025-01-07T12:00:00.000Z,sold,lead-secret-1,40.00",
      "000001,2025-01-12T23:59:59.999Z,sold,lead-secret-2,35.00",
      "000001,,total,3 lines,-425.00",
      "",
    ]);
    // The total is the net sales less the payments, for every invoice.
    for (const invoice of await listInvoices(db, { limit: 10 })) {
      const last = invoiceCsv(invoice, await invoiceLines(db, invoice))
        .trimEnd()
        .split("\r\n")
        .at(-1)!;
      const cents = invoice.totals.net_cents - invoice.totals.paid_cents;
      expect(last.split(",").at(-1)).toBe((cents / 100).toFixed(2));
    }
  });

  it("draws the invoice as a PDF: the number, the buyer, the period, the lines and the balance", async () => {
    const second = (await findInvoice(db, 2))!;
    const pdf = await invoicePdf(second, { id: "wk", name: "Lender WK" }, { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const expected of [
      "Loanpath",
      "INVOICE",
      "Number 000002",
      "Issued 2025-02-01",
      "Period 2025-01-13 to 2025-01-19",
      "Lender WK",
      "Buyer id wk",
      "-$35.00",
      "-$15.00",
      "$440.00",
      "Credit in your favour",
    ])
      expect(text).toContain(expected);
    // The same invoice gives the same file; compressed, as served, it is still a PDF.
    expect((await invoicePdf(second, { id: "wk", name: "Lender WK" }, { compress: false })).equals(pdf)).toBe(true);
    const served = await invoicePdf(second, { id: "wk", name: "Lender WK" });
    expect(served.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const owed = await invoicePdf((await findInvoice(db, 3))!, { id: "mo", name: "MO" }, { compress: false });
    expect(pdfText(owed)).toMatch(/Amount due[\s\S]*\$100\.00/);
  });
});

describe("invoice numbers", () => {
  let database: Database;
  afterAll(() => database.close());

  it("have no gap and no double when two passes close many buyers at once, and a failed close takes no number", async () => {
    database = await createTestDatabase();
    const db = database.db;
    const buyers = Array.from({ length: 12 }, (_, i) =>
      billed(`b${String(i).padStart(2, "0")}`, { email: `b${i}@x.example` }),
    );
    // A buyer whose close fails after its invoice row was written (its name cannot be read for the mail).
    const broken = billed("broken", { email: "broken@x.example" });
    Object.defineProperty(broken, "name", {
      get() {
        throw new Error("no name");
      },
    });
    const all = [broken, ...buyers];
    await write(
      db,
      all.flatMap((b, i) => [
        { kind: "sold", leadId: `${b.id}-1`, buyerId: b.id, amountCents: 1_000 + i, at: at("2025-01-15T10:00:00Z") },
        { kind: "sold", leadId: `${b.id}-2`, buyerId: b.id, amountCents: 2_000 + i, at: at("2025-01-22T10:00:00Z") },
      ]),
    );
    // Two processes' passes at once, at the end of each of two weeks.
    for (const now of [at("2025-01-20T00:10:00Z"), at("2025-01-27T00:10:00Z")]) {
      const passes = await Promise.all([closeInvoices(db, all, now), closeInvoices(db, [...all].reverse(), now)]);
      expect(passes[0].closed + passes[1].closed).toBe(12);
      expect(passes.map((p) => p.failed)).toEqual([1, 1]);
    }
    const list = await listInvoices(db, { limit: 100 });
    expect(list.map((i) => i.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    const periods = list.map((i) => `${i.buyer_id} ${i.period_start}`);
    expect(new Set(periods).size).toBe(24);
    for (const b of buyers)
      expect(periods.filter((p) => p.startsWith(`${b.id} `)).sort()).toEqual([
        `${b.id} 2025-01-13`,
        `${b.id} 2025-01-20`,
      ]);
    // One mail per invoice, none for the failed close.
    const mails = await invoiceMails(db);
    expect(mails).toHaveLength(24);
    expect(mails.some((m) => m.to_address === "broken@x.example")).toBe(false);
    // Once it can be closed, the broken buyer takes the next number (its first invoice: the last week ended).
    const mended = billed("broken", { email: "broken@x.example" });
    expect(await closeInvoices(db, [mended, ...buyers], at("2025-01-27T00:10:00Z"))).toEqual({ closed: 1, failed: 0 });
    expect((await listInvoices(db, { limit: 1 })).map((i) => [i.number, i.buyer_id, i.period_start])).toEqual([
      [25, "broken", "2025-01-20"],
    ]);
  });
});
