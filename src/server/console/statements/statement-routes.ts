import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  statementAnswer,
  statementParams,
  statementsAnswer,
  statementsCsvQuery,
  statementsQuery,
} from "../../../domain/contracts/console-statements.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { monthOf } from "../../partners/ledger/ledger-chain.ts";
import { listPublishers } from "../../partners/publishers/publisher-store.ts";
import { receiptKeyOf } from "../../partners/receipts/receipt-key.ts";
import { monthStatements, type MonthStatements } from "../../partners/statements/statement-store.ts";
import type { Statement } from "../../partners/statements/statement-totals.ts";
import { statementsCsv } from "../../partners/statements/statements-csv.ts";
import { allBuyers } from "../buyers/buyer-store.ts";

// The console's statements (docs/product/partners.md#statements), for partners:read: a month's list (the current
// month unless asked), one partner's statement and each kind's CSV. Reading a month that has ended closes it.

const NOT_FOUND = "No statement of that partner for that month.";

export default async function statementRoutes(
  app: FastifyInstance,
  deps: { db: Db; tokenSecret: Buffer; now: () => Date },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const key = receiptKeyOf(deps.tokenSecret);
  const read = { access: "partners:read" } as const;

  /** Names to show beside ids: the buyers' configurations and the publishers' rows, as they are today. */
  const namesNow = async () => {
    const names = new Map<string, string>();
    for (const b of (await allBuyers(db, app.buyerRegistry.seeds())).values())
      names.set(`buyer:${b.config.id}`, b.config.name);
    for (const p of await listPublishers(db)) names.set(`publisher:${p.id}`, p.name);
    return (s: Statement) => names.get(`${s.partner_kind}:${s.partner_id}`) ?? s.partner_id;
  };
  const named = (month: MonthStatements, nameOf: (s: Statement) => string) =>
    month.statements.map((s) => ({ ...s, name: nameOf(s) }));

  typed.get(
    "/api/console/statements",
    { schema: { querystring: statementsQuery, response: { 200: statementsAnswer, 400: failureAnswer } }, config: read },
    async (request) => {
      const now = deps.now();
      const month = await monthStatements(db, key, request.query.month ?? monthOf(now), now);
      const nameOf = await namesNow();
      return {
        status: 200,
        message: "ok",
        data: {
          month: month.month,
          state: month.state,
          closed_at: month.closed_at,
          head: month.head,
          statements: named(month, nameOf),
        },
      };
    },
  );

  typed.get(
    "/api/console/statements/:kind/:partnerId",
    {
      schema: {
        params: statementParams,
        querystring: statementsQuery,
        response: { 200: statementAnswer, 400: failureAnswer, 404: failureAnswer },
      },
      config: read,
    },
    async (request, reply) => {
      const now = deps.now();
      const { kind, partnerId } = request.params;
      const month = await monthStatements(db, key, request.query.month ?? monthOf(now), now, { kind, id: partnerId });
      const [statement] = named(month, await namesNow());
      if (statement === undefined) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const { statements: _all, ...head } = month;
      return reply.send({ status: 200, message: "ok", data: { ...head, statement } });
    },
  );

  typed.get(
    "/api/console/statements.csv",
    // The answer is the CSV text itself, sent as it is (a string is never serialized again).
    {
      schema: { querystring: statementsCsvQuery, response: { 200: z.string().describe("The statements as CSV") } },
      config: read,
    },
    async (request, reply) => {
      const { month, kind } = request.query;
      const statements = await monthStatements(db, key, month, deps.now());
      const csv = statementsCsv(kind, month, statements.statements, await namesNow());
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="loanpath-${kind}-statements-${month}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
}
