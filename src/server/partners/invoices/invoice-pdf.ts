import PDFDocument from "pdfkit";
import { amountDueCents, invoiceNumberText, type Invoice } from "../../../domain/buyers/invoices.ts";
import { formatCents } from "../../../domain/money.ts";

// An invoice as a PDF (docs/product/buyer-money.md#invoices), built in memory: Loanpath, the buyer, the number, the
// period and the issue date, its lines (sales, returns, payments) and the balance or the amount due. The same invoice
// gives the same bytes: the file's date is the invoice's close.

const MARGIN = 56;
const INK = "#1a1a1a";
const MUTED = "#666666";

export async function invoicePdf(
  invoice: Invoice,
  buyer: { id: string; name: string },
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  // Number 0 is the period so far (draftInvoice): marked a draft, with no number, as it is not closed.
  const draft = invoice.number === 0;
  const number = invoiceNumberText(invoice.number);
  const closed = new Date(invoice.closed_at);
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: draft ? "Loanpath invoice draft" : `Loanpath invoice ${number}`,
      Author: "Loanpath",
      CreationDate: closed,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = (text: string, y: number, w = width) => doc.text(text, MARGIN, y, { width: w, align: "right" });

  // The head: who issues it on the left, what it is on the right.
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(22).text("Loanpath", MARGIN, MARGIN);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text("Loan-lead marketplace", MARGIN, MARGIN + 28);
  doc.font("Helvetica-Bold").fontSize(18).fillColor(INK);
  right(draft ? "INVOICE DRAFT" : "INVOICE", MARGIN);
  doc.font("Helvetica").fontSize(10);
  right(draft ? "Not closed: the period so far" : `Number ${number}`, MARGIN + 26);
  right(`${draft ? "As of" : "Issued"} ${invoice.closed_at.slice(0, 10)}`, MARGIN + 40);
  right(`Period ${invoice.period_start} to ${invoice.period_end}`, MARGIN + 54);

  let y = MARGIN + 100;
  doc.font("Helvetica-Bold").fontSize(10).text("Bill to", MARGIN, y);
  // One line, however long the name: the lines below are placed under it.
  doc.font("Helvetica").text(buyer.name, MARGIN, y + 14, { width, height: 12, ellipsis: true });
  doc
    .fillColor(MUTED)
    .text(`Buyer id ${buyer.id}`, MARGIN, y + 28)
    .fillColor(INK);

  // The lines: what, how many, how much.
  y += 70;
  const countX = MARGIN + width * 0.55;
  const countW = width * 0.15;
  const row = (label: string, count: string, amount: string, bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label, MARGIN, y, { width: width * 0.55 });
    doc.text(count, countX, y, { width: countW, align: "right" });
    right(amount, y);
    y += 20;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke();
  };
  doc.fillColor(MUTED);
  row("Description", "Count", "Amount", true);
  doc.fillColor(INK);
  rule();
  const t = invoice.totals;
  row("Balance brought forward", "", formatCents(t.opening_balance_cents));
  row("Leads sold", String(t.leads_sold), formatCents(t.sold_cents));
  row("Returns approved", String(t.returns), formatCents(t.returned_cents));
  row("Net sales", "", formatCents(t.net_cents), true);
  row("Payments received", String(t.payments), formatCents(t.paid_cents));
  rule();
  row("Balance at the period's end", "", formatCents(t.balance_cents), true);
  const due = amountDueCents(t);
  y += 8;
  doc
    .rect(MARGIN, y - 6, width, 28)
    .fillColor("#f1f1f1")
    .fill()
    .fillColor(INK);
  y += 2;
  row(due > 0 ? "Amount due" : "Credit in your favour", "", formatCents(due > 0 ? due : t.balance_cents), true);

  y += 24;
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(
    [
      "Amounts in US dollars. The period's days are UTC, both included. The balance counts payments less net sales " +
        "since the first invoice; a negative balance is owed to Loanpath.",
      "Every ledger line this invoice sums is in its CSV.",
    ].join("\n"),
    MARGIN,
    y,
    { width },
  );
  doc.end();
  return done;
}
