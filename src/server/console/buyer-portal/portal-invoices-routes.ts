import { z } from "zod";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { invoiceFileParams, invoicesAnswer } from "../../../domain/contracts/console-invoices.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import { portalInvoicesQuery } from "../../../domain/contracts/portal-invoices.ts";
import type { Db } from "../../platform/db/database.ts";
import { invoiceFile, sendInvoiceFile } from "../../partners/invoices/invoice-files.ts";
import { draftInvoice, findInvoice, listInvoices } from "../../partners/invoices/invoice-store.ts";
import { INVOICE_FORMATS } from "../../../domain/buyers/invoices.ts";
import { isBilled } from "../../../domain/buyers/billing.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";

// The buyer portal's invoices (docs/product/buyer-money.md#invoices): the signed-in buyer's own, newest first, and
// each as PDF or CSV. An invoice is looked up with the session's buyer (findInvoice's `buyerId`), so another buyer's
// number answers 404, as a number that does not exist does: the portal does not say whether it exists.

const NOT_FOUND = "No invoice of yours with that number.";
const NOT_INVOICED = "Your account is not billed by Loanpath, so it has no invoices.";

export default async function portalInvoicesRoutes(app: FastifyInstance, deps: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const gone = (reply: FastifyReply) => reply.code(403).send({ status: 403, message: BUYER_GONE });

  typed.get(
    "/api/console/portal/invoices",
    {
      schema: {
        querystring: portalInvoicesQuery,
        response: { 200: invoicesAnswer, 400: failureAnswer, 403: failureAnswer, 404: failureAnswer },
      },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return gone(reply);
      const { before, limit } = request.query;
      const list = await listInvoices(db, { buyerId: buyer.id, before, limit });
      return {
        status: 200,
        message: "ok",
        data: { invoices: list.map((i) => ({ ...i, name: buyer.name })) },
      };
    },
  );

  // The period so far, not closed (draftInvoice): what a billed buyer checks before its invoice is closed.
  typed.get(
    "/api/console/portal/invoices/draft/:format",
    {
      schema: {
        params: z.object({ format: z.enum(INVOICE_FORMATS) }),
        response: {
          200: z.string().describe("The period so far as a draft invoice, PDF or CSV"),
          400: failureAnswer,
          403: failureAnswer,
          404: failureAnswer,
        },
      },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return gone(reply);
      if (!isBilled(buyer.billing)) return reply.code(404).send({ status: 404, message: NOT_INVOICED });
      const invoice = await draftInvoice(db, buyer, new Date());
      const file = await invoiceFile(db, invoice, request.params.format, { id: buyer.id, name: buyer.name });
      // Bytes go out as they are; the schema's string only documents the answer.
      return sendInvoiceFile(reply, file);
    },
  );

  typed.get(
    "/api/console/portal/invoices/:number/:format",
    {
      schema: {
        params: invoiceFileParams,
        response: {
          200: z.string().describe("The invoice as PDF or CSV"),
          400: failureAnswer,
          403: failureAnswer,
          404: failureAnswer,
        },
      },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return gone(reply);
      const { number, format } = request.params;
      const invoice = await findInvoice(db, number, buyer.id);
      if (invoice === undefined) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const file = await invoiceFile(db, invoice, format, { id: buyer.id, name: buyer.name });
      // Bytes go out as they are; the schema's string only documents the answer.
      return sendInvoiceFile(reply, file);
    },
  );
}
