import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { invoiceFileParams, invoicesAnswer, invoicesQuery } from "../../../domain/contracts/console-invoices.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { invoiceFile, sendInvoiceFile } from "../../partners/invoices/invoice-files.ts";
import { findInvoice, listInvoices } from "../../partners/invoices/invoice-store.ts";
import { allBuyers, findBuyer } from "../buyers/buyer-store.ts";

// The console's invoices (docs/product/buyer-money.md#invoices), for partners:read: the list, newest first, of all
// buyers or one, and each invoice as PDF or CSV. Invoices are closed by their job, never by a read.

const NOT_FOUND = "No invoice with that number.";

export default async function invoiceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const read = { access: "partners:read" } as const;
  const seeds = () => app.buyerRegistry.seeds();

  typed.get(
    "/api/console/invoices",
    { schema: { querystring: invoicesQuery, response: { 200: invoicesAnswer, 400: failureAnswer } }, config: read },
    async (request) => {
      const { buyer, before, limit } = request.query;
      const list = await listInvoices(db, { buyerId: buyer, before, limit });
      const names = await allBuyers(db, seeds());
      return {
        status: 200,
        message: "ok",
        data: { invoices: list.map((i) => ({ ...i, name: names.get(i.buyer_id)?.config.name ?? i.buyer_id })) },
      };
    },
  );

  typed.get(
    "/api/console/invoices/:number/:format",
    // The answer is the file itself, sent as it is (bytes are never serialized).
    {
      schema: {
        params: invoiceFileParams,
        response: { 200: z.string().describe("The invoice as PDF or CSV"), 400: failureAnswer, 404: failureAnswer },
      },
      config: read,
    },
    async (request, reply) => {
      const { number, format } = request.params;
      const invoice = await findInvoice(db, number);
      if (invoice === undefined) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const buyer = await findBuyer(db, seeds(), invoice.buyer_id);
      const file = await invoiceFile(db, invoice, format, {
        id: invoice.buyer_id,
        name: buyer?.config.name ?? invoice.buyer_id,
      });
      // Bytes go out as they are; the schema's string only documents the answer.
      return sendInvoiceFile(reply, file);
    },
  );
}
