import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { OperatorRole } from "../../../domain/console/roles.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { operators } from "../../platform/db/schema.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { hashPassword, type ScryptCost } from "./password-hash.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";
import { enrolmentUri, newTotpSecret } from "./totp.ts";

// Operator accounts. Creating one makes everything the person needs to sign in once: the password's hash,
// a TOTP secret and ten recovery codes. The secret and codes are returned to be shown once, never again.

export type Operator = typeof operators.$inferSelect;

const TOTP_CONTEXT = "operator-totp";
const ISSUER = "Loanpath console";

export type NewOperator = {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  /** The publisher a `publisher` operator sees; none for the other roles. */
  publisherId?: string | null;
  /** The buyer a `buyer` operator sees; none for the other roles. */
  buyerId?: string | null;
  /**
   * Tests only, for the accounts they sign in with as a step towards what they test (tests/helpers/console-session.ts):
   * a cheaper hash, still verified by its stored parameters. The routes and the command never pass one.
   */
  passwordCost?: ScryptCost;
};

export type Enrolment = {
  /** The otpauth:// address an authenticator app scans or takes typed. */
  totpUri: string;
  totpSecret: string;
  recoveryCodes: string[];
};

export class OperatorExistsError extends Error {}

/** A password, a new authenticator secret and new recovery codes: the columns to store, and what to show once. */
async function newCredentials(cipher: PiiCipher, id: string, email: string, password: string, cost?: ScryptCost) {
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const totpUri = enrolmentUri(secret, email, ISSUER);
  return {
    columns: {
      passwordHash: await hashPassword(password, cost),
      totpSecretEncrypted: cipher.encrypt(secret.toString("base64"), `${TOTP_CONTEXT}:${id}`),
      totpLastStep: null,
      recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
    },
    enrolment: { totpUri, totpSecret: new URL(totpUri).searchParams.get("secret")!, recoveryCodes },
  };
}

export async function createOperator(
  db: Db | Tx,
  cipher: PiiCipher,
  input: NewOperator,
): Promise<Enrolment & { operator: Operator }> {
  const id = `op_${randomBytes(9).toString("base64url")}`;
  const email = input.email.trim();
  if (await findOperatorByEmail(db, email)) throw new OperatorExistsError(`An operator with ${email} exists.`);
  const { columns, enrolment } = await newCredentials(cipher, id, email, input.password, input.passwordCost);
  const [operator] = await db
    .insert(operators)
    .values({
      id,
      email,
      name: input.name.trim(),
      role: input.role,
      publisherId: input.publisherId || null,
      buyerId: input.buyerId || null,
      ...columns,
    })
    .returning();
  return { operator: operator!, ...enrolment };
}

/** Replaces every credential of an account (lost phone and password) and enables it again. */
export async function resetCredentials(db: Db | Tx, cipher: PiiCipher, operator: Operator, password: string) {
  const { columns, enrolment } = await newCredentials(cipher, operator.id, operator.email, password);
  await db
    .update(operators)
    .set({ ...columns, disabledAt: null })
    .where(eq(operators.id, operator.id));
  return enrolment;
}

export function totpSecretOf(cipher: PiiCipher, operator: Operator): Buffer {
  return Buffer.from(cipher.decrypt(operator.totpSecretEncrypted, `${TOTP_CONTEXT}:${operator.id}`), "base64");
}

export async function findOperatorByEmail(db: Db | Tx, email: string): Promise<Operator | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findOperator(db: Db | Tx, id: string): Promise<Operator | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row;
}

export function listOperators(db: Db) {
  return db.select().from(operators).orderBy(asc(operators.createdAt));
}

/**
 * Records that a TOTP code for `step` was used, only if no code for that step or a later one was: two
 * sign-ins racing with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(sql`${operators.id} = ${id} and (${operators.totpLastStep} is null or ${operators.totpLastStep} < ${step})`)
    .returning({ id: operators.id });
  return rows.length === 1;
}

/** Removes a recovery code if the account still has it; false if it was never valid or already used. */
export async function consumeRecoveryCode(db: Db, id: string, code: string): Promise<boolean> {
  const hash = recoveryCodeHash(code);
  const rows = await db
    .update(operators)
    .set({ recoveryCodeHashes: sql`${operators.recoveryCodeHashes} - ${hash}::text` })
    .where(sql`${operators.id} = ${id} and ${operators.recoveryCodeHashes} ? ${hash}::text`)
    .returning({ id: operators.id });
  return rows.length === 1;
}

export async function setOperatorRole(db: Db | Tx, id: string, role: OperatorRole) {
  const rows = await db.update(operators).set({ role }).where(eq(operators.id, id)).returning();
  return rows[0];
}

export async function setOperatorDisabled(db: Db | Tx, id: string, disabledAt: Date | null) {
  const rows = await db.update(operators).set({ disabledAt }).where(eq(operators.id, id)).returning();
  return rows[0];
}

/** Owners that can still sign in: the last one may not be disabled or demoted. */
export async function activeOwnerCount(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operators)
    .where(sql`${operators.role} = 'owner' and ${operators.disabledAt} is null`);
  return row?.n ?? 0;
}
