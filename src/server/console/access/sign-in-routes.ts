import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { permissionsOf } from "../../../domain/console/roles.ts";
import { failureAnswer, messageAnswer } from "../../../domain/contracts/envelope.ts";
import {
  consoleSessionAnswer,
  consoleSessionProbeAnswer,
  SIGN_IN_REFUSED_MESSAGE,
  signInRequest,
  signInThrottledAnswer,
  type ConsoleSession,
  timeZoneRequest,
} from "../../../domain/contracts/console.ts";
import type { Config } from "../../platform/config/config.ts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { operators } from "../../platform/db/schema.ts";
import type { FailureCounts } from "../../platform/security/failure-counts.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { SIGN_IN_THROTTLED_MESSAGE, SignInThrottle } from "../../platform/security/sign-in-throttle.ts";
import { recordAction } from "../audit/audit-log.ts";
import { actorOf, sessionCookieName } from "./console-access.ts";
import {
  claimTotpStep,
  consumeRecoveryCode,
  findOperatorByEmail,
  totpSecretOf,
  type Operator,
} from "./operator-store.ts";
import { decoyHash, verifyPassword } from "./password-hash.ts";
import { looksLikeRecoveryCode } from "./recovery-codes.ts";
import { openSession, revokeSessionByToken, SESSION_LIFE_MS, type LiveSession } from "./session-store.ts";
import { acceptedStep } from "./totp.ts";

type Deps = { config: Config; db: Db; cipher: PiiCipher; counts?: FailureCounts | undefined; now: () => Date };

const RECOVERY_CODES_LOW = 3;

function sessionData(live: LiveSession, config: Config): ConsoleSession {
  const { operator, session } = live;
  return {
    operator: { id: operator.id, email: operator.email, name: operator.name, role: operator.role },
    permissions: permissionsOf(operator.role),
    csrf_token: session.csrfToken,
    idle_minutes: config.console.idleMinutes,
    recovery_codes_low: operator.recoveryCodeHashes.length < RECOVERY_CODES_LOW,
    time_zone: operator.timeZone,
  };
}

// Signing in takes three things at once: e-mail, password and a second factor (a TOTP code or a recovery
// code). One answer for every wrong combination, so the form tells no one which part was right.
export default async function signInRoutes(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const throttle = new SignInThrottle({ name: "console sign-in", ...(deps.counts ? { counts: deps.counts } : {}) });
  const cookie = sessionCookieName(deps.config);
  const secure = deps.config.env === "production";

  const secondFactor = async (operator: Operator, code: string): Promise<"totp" | "recovery" | null> => {
    if (looksLikeRecoveryCode(code)) return (await consumeRecoveryCode(deps.db, operator.id, code)) ? "recovery" : null;
    const step = acceptedStep(totpSecretOf(deps.cipher, operator), code, deps.now().getTime(), operator.totpLastStep);
    return step !== null && (await claimTotpStep(deps.db, operator.id, step)) ? "totp" : null;
  };

  typed.post(
    "/api/console/session",
    {
      schema: {
        body: signInRequest,
        response: { 200: consoleSessionAnswer, 401: failureAnswer, 429: signInThrottledAnswer },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const verdict = await throttle.attempt(request.ip, request.log, request.body.email);
      if (!verdict.allowed) {
        return reply
          .code(429)
          .header("retry-after", String(verdict.retryAfterSeconds))
          .send({ status: 429, message: SIGN_IN_THROTTLED_MESSAGE, retryAfterSeconds: verdict.retryAfterSeconds });
      }
      const { email, password, code } = request.body;
      const operator = await findOperatorByEmail(deps.db, email);
      const passwordOk = await verifyPassword(password, operator?.passwordHash ?? (await decoyHash()));
      const factor = operator && passwordOk && !operator.disabledAt ? await secondFactor(operator, code) : null;
      if (!operator || !factor) {
        throttle.failed(verdict, request.log);
        if (operator) {
          await recordAction(
            deps.db,
            { id: operator.id, email: operator.email, ip: request.ip },
            {
              action: "sign-in.failed",
              target: operator.id,
              details: { part: !passwordOk ? "password" : operator.disabledAt ? "disabled" : "code" },
            },
          );
        }
        return reply.code(401).send({ status: 401, message: SIGN_IN_REFUSED_MESSAGE });
      }
      await throttle.succeeded(verdict);
      const now = deps.now();
      const { token, session } = await openSession(
        deps.db,
        operator.id,
        { ip: request.ip, userAgent: request.headers["user-agent"] ?? null },
        now,
      );
      const fresh =
        factor === "recovery" ? { ...operator, recoveryCodeHashes: operator.recoveryCodeHashes.slice(1) } : operator;
      await recordAction(
        deps.db,
        { id: operator.id, email: operator.email, ip: request.ip },
        {
          action: "sign-in",
          target: operator.id,
          details: { session: session.id, factor },
        },
      );
      reply.setCookie(cookie, token, {
        path: "/",
        httpOnly: true,
        secure,
        sameSite: "strict",
        maxAge: SESSION_LIFE_MS / 1000,
      });
      return reply.send({
        status: 200,
        message: "Signed in.",
        data: sessionData({ operator: fresh, session }, deps.config),
      });
    },
  );

  typed.get(
    "/api/console/session",
    { schema: { response: { 200: consoleSessionProbeAnswer } }, config: { access: "public" } },
    async (request) => {
      const live = request.consoleSession;
      return live
        ? { status: 200, message: "ok", data: sessionData(live, deps.config) }
        : { status: 200, message: "Not signed in.", data: null };
    },
  );

  // The zone follows the operator from browser to browser (docs/decisions/0034-operator-console.md).
  typed.put(
    "/api/console/session/time-zone",
    {
      schema: { body: timeZoneRequest, response: { 200: messageAnswer } },
      config: { access: "signed-in" },
    },
    async (request) => {
      const operator = request.consoleSession!.operator;
      await deps.db.update(operators).set({ timeZone: request.body.time_zone }).where(eq(operators.id, operator.id));
      return { status: 200, message: "Time zone saved." };
    },
  );

  typed.delete(
    "/api/console/session",
    { schema: { response: { 200: messageAnswer } }, config: { access: "signed-in" } },
    async (request, reply) => {
      const token = request.cookies[cookie];
      if (token) await revokeSessionByToken(deps.db, token, deps.now());
      await recordAction(deps.db, actorOf(request), {
        action: "sign-out",
        target: request.consoleSession?.operator.id,
        details: { session: request.consoleSession?.session.id },
      });
      reply.clearCookie(cookie, { path: "/", httpOnly: true, secure, sameSite: "strict" });
      return reply.send({ status: 200, message: "Signed out." });
    },
  );
}
