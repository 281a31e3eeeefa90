import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  enrolmentAnswer,
  newOperatorRequest,
  operatorChangeRequest,
  operatorChangedAnswer,
  operatorsAnswer,
  type OperatorRow,
} from "../../../domain/contracts/console.ts";
import { failureAnswer, messageAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { actorOf } from "./console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import {
  activeOwnerCount,
  createOperator,
  findOperator,
  listOperators,
  OperatorExistsError,
  setOperatorDisabled,
  setOperatorRole,
  type Operator,
} from "./operator-store.ts";
import { newPassword } from "./new-password.ts";
import { findPublisher } from "../../partners/publishers/publisher-store.ts";
import { openSessions, revokeOperatorSessions, revokeSession } from "./session-store.ts";

type Deps = { db: Db; cipher: PiiCipher; now: () => Date; buyerExists: (id: string) => Promise<boolean> };

const BOUND_ROLE_FIXED =
  "A publisher or buyer account stays bound to its partner: make a new account for another role.";
/** The roles bound to one partner when the account is made (docs/product/buyer-money.md#the-buyer-portal). */
const BOUND_ROLES: readonly string[] = ["publisher", "buyer"];
const LAST_OWNER = "The last owner who can sign in must stay an owner. Make another owner first.";

function operatorRow(operator: Operator): OperatorRow {
  return {
    id: operator.id,
    email: operator.email,
    name: operator.name,
    role: operator.role,
    publisher_id: operator.publisherId,
    buyer_id: operator.buyerId,
    disabled: operator.disabledAt !== null,
    created_at: operator.createdAt.toISOString(),
    recovery_codes_left: operator.recoveryCodeHashes.length,
  };
}

// The owner's page of operators: accounts, roles, disabling, and every open session with a way to end it.
export default async function operatorAdminRoutes(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: "operators:manage" } as const;
  const idParams = z.object({ id: z.string().regex(/^(op|ses)_[A-Za-z0-9_-]{12}$/) });

  typed.get("/api/console/operators", { schema: { response: { 200: operatorsAnswer } }, config: access }, async () => {
    const [rows, sessions] = await Promise.all([listOperators(deps.db), openSessions(deps.db, deps.now())]);
    return {
      status: 200,
      message: "ok",
      data: {
        operators: rows.map(operatorRow),
        sessions: sessions.map((s) => ({
          id: s.id,
          operator_id: s.operatorId,
          email: s.email,
          ip: s.ip,
          user_agent: s.userAgent,
          created_at: s.createdAt.toISOString(),
          last_seen_at: s.lastSeenAt.toISOString(),
        })),
      },
    };
  });

  typed.post(
    "/api/console/operators",
    {
      schema: { body: newOperatorRequest, response: { 201: enrolmentAnswer, 400: failureAnswer, 409: failureAnswer } },
      config: access,
    },
    async (request, reply) => {
      const password = newPassword();
      const { publisher_id: publisherId, buyer_id: buyerId, ...body } = request.body;
      if (publisherId && !(await findPublisher(deps.db, publisherId)))
        return reply.code(400).send({
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { publisher_id: "No publisher with that id." },
        });
      if (buyerId && !(await deps.buyerExists(buyerId)))
        return reply.code(400).send({
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { buyer_id: "No buyer with that id." },
        });
      try {
        const enrolment = await deps.db.transaction(async (tx) => {
          const made = await createOperator(tx, deps.cipher, { ...body, publisherId, buyerId, password });
          await recordAction(tx, actorOf(request), {
            action: "operator.create",
            target: made.operator.id,
            details: {
              role: made.operator.role,
              ...(publisherId ? { publisher: publisherId } : {}),
              ...(buyerId ? { buyer: buyerId } : {}),
            },
          });
          return made;
        });
        return reply.code(201).send({
          status: 201,
          message: "Account created. Give these to the person once; they are not shown again.",
          data: {
            operator: operatorRow(enrolment.operator),
            password,
            totp_uri: enrolment.totpUri,
            totp_secret: enrolment.totpSecret,
            recovery_codes: enrolment.recoveryCodes,
          },
        });
      } catch (error) {
        if (!(error instanceof OperatorExistsError)) throw error;
        return reply.code(409).send({
          status: 409,
          message: "An operator with that e-mail exists.",
          errors: { email: "An operator with that e-mail exists." },
        });
      }
    },
  );

  typed.patch(
    "/api/console/operators/:id",
    {
      schema: {
        params: idParams,
        body: operatorChangeRequest,
        response: { 200: operatorChangedAnswer, 404: failureAnswer, 409: failureAnswer },
      },
      config: access,
    },
    async (request, reply) => {
      const target = await findOperator(deps.db, request.params.id);
      if (!target) return reply.code(404).send({ status: 404, message: "No such operator." });
      const { role, disabled } = request.body;
      // A publisher or buyer account is bound to its partner when made: no other role becomes one, nor it another.
      if (
        role !== undefined &&
        role !== target.role &&
        (BOUND_ROLES.includes(role) || BOUND_ROLES.includes(target.role))
      )
        return reply.code(409).send({ status: 409, message: BOUND_ROLE_FIXED });
      const losesOwner =
        target.role === "owner" &&
        target.disabledAt === null &&
        ((role !== undefined && role !== "owner") || disabled === true);
      if (losesOwner && (await activeOwnerCount(deps.db)) <= 1)
        return reply.code(409).send({ status: 409, message: LAST_OWNER });
      const now = deps.now();
      const updated = await deps.db.transaction(async (tx) => {
        let row = target;
        if (role !== undefined && role !== target.role) row = (await setOperatorRole(tx, target.id, role)) ?? row;
        if (disabled !== undefined && disabled !== (target.disabledAt !== null))
          row = (await setOperatorDisabled(tx, target.id, disabled ? now : null)) ?? row;
        await recordAction(tx, actorOf(request), {
          action: "operator.change",
          target: target.id,
          details: {
            ...(role !== undefined && role !== target.role ? { role: { from: target.role, to: role } } : {}),
            ...(disabled !== undefined ? { disabled } : {}),
          },
        });
        return row;
      });
      // A new role or a disabled account takes effect now, not when old sessions time out.
      if ((role !== undefined && role !== target.role) || disabled)
        await revokeOperatorSessions(deps.db, target.id, now);
      return reply.send({ status: 200, message: "Saved.", data: operatorRow(updated) });
    },
  );

  typed.delete(
    "/api/console/sessions/:id",
    { schema: { params: idParams, response: { 200: messageAnswer, 404: failureAnswer } }, config: access },
    async (request, reply) => {
      const operatorId = await revokeSession(deps.db, request.params.id, deps.now());
      if (!operatorId) return reply.code(404).send({ status: 404, message: "No open session with that id." });
      await recordAction(deps.db, actorOf(request), {
        action: "session.revoke",
        target: operatorId,
        details: { session: request.params.id },
      });
      return reply.send({ status: 200, message: "Session ended." });
    },
  );
}
