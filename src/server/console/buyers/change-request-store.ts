import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { maskSecrets } from "../../../domain/buyers/buyer-secrets.ts";
import { changedSettings, settingsOf, valueAt } from "../../../domain/buyers/config-diff.ts";
import { isRequestablePath, requestedConfig } from "../../../domain/buyers/change-request-parts.ts";
import type {
  ChangeRequestRow,
  ChangeRequestState,
  SettingChange,
} from "../../../domain/contracts/console-change-requests.ts";
import type { Db, Tx } from "../../platform/db/database.ts";
import { buyerChangeRequests, buyerVersions } from "../../platform/db/schema.ts";
import { queueMail } from "../../platform/mail/mail-outbox.ts";
import { buyerSchema, type Buyer } from "../../distribution/auction/buyer-config.ts";
import { recordAction, type Actor } from "../audit/audit-log.ts";
import { allBuyers, findBuyer, latestVersions, lockBuyerVersions, writeVersion, type Seeds } from "./buyer-store.ts";

// A buyer's change requests (docs/product/buyer-money.md#change-requests). A request keeps the whole configuration
// asked for and the version it was asked against; approving it saves that configuration as the buyer's next
// version, under the lock every save of the buyer takes, and only while that version is still the one in force, so
// a request never undoes a change made since. Every step is audited, by the request's id and the paths it changes.

export type ChangeRequest = typeof buyerChangeRequests.$inferSelect;
type Json = Record<string, unknown>;

/** The most requests one buyer may have waiting at once: a portal login cannot bury the operators in them. */
export const MAX_PENDING_REQUESTS = 10;
export const TOO_MANY_PENDING = `You have ${MAX_PENDING_REQUESTS} requests waiting for a decision: withdraw one before asking again.`;
export const NOTHING_TO_CHANGE = "Nothing to change: the values asked for are the ones in force.";
export const NO_SUCH_REQUEST = "No change request with that id.";
export const ALREADY_DECIDED = (state: ChangeRequestState) => `This change request is ${state} already.`;
export const STALE_REQUEST = (asked: number | null, now: number | null) =>
  `The buyer's configuration changed since this request was made (it asked against ` +
  `${asked === null ? "the configuration before any version" : `version ${asked}`}; version ${now ?? "none"} is in ` +
  `force now), so approving it would undo that change. Reject it and let the buyer ask again.`;
const GONE_BUYER = "This buyer is no longer on the network.";
export const CHANGE_REQUEST_MAIL = "buyer_change_request";

const FIX_FIELDS = "Please correct the highlighted fields.";

type Failure = { status: 400 | 404 | 409; message: string; errors?: Record<string, string> };
export const isFailure = (v: object): v is Failure => "status" in v && "message" in v;

const newRequestId = () => `cr_${randomBytes(8).toString("hex")}`;

/** The version in force (null: none yet), read in the transaction that holds the buyer's version lock. */
async function latestVersionOf(db: Db | Tx, buyerId: string): Promise<number | null> {
  const [last] = await db
    .select({ version: buyerVersions.version })
    .from(buyerVersions)
    .where(eq(buyerVersions.buyerId, buyerId))
    .orderBy(desc(buyerVersions.version))
    .limit(1);
  return last?.version ?? null;
}

/**
 * Files a buyer's request: the configuration in force with `changes` in place of the parts they name, checked by the
 * buyer schema (each message under `changes`, at the setting's path), kept with the version in force.
 */
export async function fileChangeRequest(
  db: Db,
  seeds: Seeds,
  actor: Actor,
  input: { buyerId: string; changes: Json; note: string },
): Promise<ChangeRequest | Failure> {
  return db.transaction(async (tx) => {
    // The version and the configuration read together: no save of the buyer comes between them.
    await lockBuyerVersions(tx, input.buyerId);
    const current = await findBuyer(tx, seeds, input.buyerId);
    if (!current) return { status: 404, message: GONE_BUYER };
    const asked = requestedConfig(current.config, input.changes);
    if (Object.keys(asked.errors).length) return { status: 400, message: FIX_FIELDS, errors: asked.errors };
    const parsed = buyerSchema.safeParse(asked.config);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        // A problem outside the parts asked for is the configuration in force's, which the buyer cannot fix.
        const key = isRequestablePath(path) ? `changes.${path}` : "changes";
        errors[key] ??= isRequestablePath(path) ? issue.message : `${path}: ${issue.message}`;
      }
      return { status: 400, message: FIX_FIELDS, errors };
    }
    if (changedSettings(current.config, parsed.data).length === 0)
      return { status: 400, message: NOTHING_TO_CHANGE, errors: { changes: NOTHING_TO_CHANGE } };
    const pending = await tx
      .select({ id: buyerChangeRequests.id })
      .from(buyerChangeRequests)
      .where(and(eq(buyerChangeRequests.buyerId, input.buyerId), eq(buyerChangeRequests.state, "pending")));
    if (pending.length >= MAX_PENDING_REQUESTS) return { status: 409, message: TOO_MANY_PENDING };
    const [row] = await tx
      .insert(buyerChangeRequests)
      .values({
        id: newRequestId(),
        buyerId: input.buyerId,
        baseVersion: await latestVersionOf(tx, input.buyerId),
        config: parsed.data,
        note: input.note,
        requestedBy: actor.email,
      })
      .returning();
    await recordAction(tx, actor, {
      action: "buyer.change_request.file",
      target: input.buyerId,
      reason: input.note,
      details: { change_request: row!.id, changed: changedSettings(current.config, parsed.data) },
    });
    return row!;
  });
}

export async function listChangeRequests(
  db: Db,
  filter: { buyerId?: string | undefined; state?: ChangeRequestState | undefined },
): Promise<ChangeRequest[]> {
  const conditions: SQL[] = [];
  if (filter.buyerId) conditions.push(eq(buyerChangeRequests.buyerId, filter.buyerId));
  if (filter.state) conditions.push(eq(buyerChangeRequests.state, filter.state));
  return db
    .select()
    .from(buyerChangeRequests)
    .where(and(...conditions))
    .orderBy(desc(buyerChangeRequests.createdAt), desc(buyerChangeRequests.id))
    .limit(200);
}

/** One request; with `buyerId`, only that buyer's (another's is as good as none). */
async function findChangeRequest(db: Db, id: string, buyerId?: string): Promise<ChangeRequest | undefined> {
  const [row] = await db
    .select()
    .from(buyerChangeRequests)
    .where(and(eq(buyerChangeRequests.id, id), buyerId ? eq(buyerChangeRequests.buyerId, buyerId) : undefined));
  return row;
}

/** The buyer takes back a request of its own while it waits. */
export async function withdrawChangeRequest(
  db: Db,
  actor: Actor,
  id: string,
  buyerId: string,
): Promise<ChangeRequest | Failure> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(buyerChangeRequests)
      .where(and(eq(buyerChangeRequests.id, id), eq(buyerChangeRequests.buyerId, buyerId)))
      .for("update");
    if (!row) return { status: 404, message: NO_SUCH_REQUEST };
    if (row.state !== "pending") return { status: 409, message: ALREADY_DECIDED(row.state) };
    const [withdrawn] = await tx
      .update(buyerChangeRequests)
      .set({ state: "withdrawn", decidedBy: actor.email, decidedAt: new Date() })
      .where(eq(buyerChangeRequests.id, id))
      .returning();
    await recordAction(tx, actor, {
      action: "buyer.change_request.withdraw",
      target: buyerId,
      details: { change_request: id },
    });
    return withdrawn!;
  });
}

export type Decision = "approved" | "rejected";

function decisionMail(
  to: string,
  buyer: Pick<Buyer, "id" | "name">,
  request: ChangeRequest,
  decision: Decision,
  note: string | undefined,
  version: number | null,
) {
  const what = decision === "approved" ? `approved; it is in force as version ${version}` : "rejected";
  return {
    purpose: CHANGE_REQUEST_MAIL,
    to,
    subject: `Loanpath: your change request ${request.id} was ${decision}`,
    body:
      `Your request ${request.id} for ${buyer.name} (${buyer.id}), "${request.note}", was ${what}.\n` +
      (note ? `\nThe operator's note: ${note}\n` : "") +
      `\nYour requests and the terms in force are on the Change requests page of your Loanpath account.\n`,
  };
}

/**
 * Approves or rejects a pending request, in one transaction under the buyer's version lock. Approving saves the
 * configuration asked for as a new version credited to the operator (its note names the request), refused while
 * another version has come into force since the request; the buyer's billing address, if any, is mailed either way.
 */
export async function decideChangeRequest(
  db: Db,
  seeds: Seeds,
  actor: Actor,
  input: { id: string; decision: Decision; note?: string | undefined },
): Promise<{ request: ChangeRequest; version: number | null } | Failure> {
  const found = await findChangeRequest(db, input.id);
  if (!found) return { status: 404, message: NO_SUCH_REQUEST };
  return db.transaction(async (tx) => {
    await lockBuyerVersions(tx, found.buyerId);
    const [request] = await tx
      .select()
      .from(buyerChangeRequests)
      .where(eq(buyerChangeRequests.id, input.id))
      .for("update");
    if (request!.state !== "pending") return { status: 409, message: ALREADY_DECIDED(request!.state) };
    const before = await findBuyer(tx, seeds, request!.buyerId);
    if (!before) return { status: 409, message: GONE_BUYER };
    let version: number | null = null;
    if (input.decision === "approved") {
      const inForce = await latestVersionOf(tx, request!.buyerId);
      if (inForce !== request!.baseVersion)
        return { status: 409, message: STALE_REQUEST(request!.baseVersion, inForce) };
      const parsed = buyerSchema.safeParse(request!.config);
      if (!parsed.success)
        return { status: 409, message: "The configuration asked for no longer passes the buyer schema: reject it." };
      version = await writeVersion(tx, actor, {
        action: "buyer.change_request.approve",
        buyer: parsed.data,
        before,
        note: `change request ${request!.id}: ${request!.note}`,
        details: { change_request: request!.id, ...(input.note ? { decision_note: input.note } : {}) },
      });
    } else {
      await recordAction(tx, actor, {
        action: "buyer.change_request.reject",
        target: request!.buyerId,
        reason: input.note ?? null,
        details: { change_request: request!.id },
      });
    }
    const [decided] = await tx
      .update(buyerChangeRequests)
      .set({
        state: input.decision,
        decidedBy: actor.email,
        decisionNote: input.note || null,
        decidedAt: new Date(),
      })
      .where(eq(buyerChangeRequests.id, request!.id))
      .returning();
    // The buyer hears of it where it hears of its invoices, in the decision's transaction: once, and only if made.
    // A configuration stored before billing existed may have none (findBuyer shows such a row as stored).
    const to = (before.config.billing as Buyer["billing"] | undefined)?.email;
    if (to) await queueMail(tx, decisionMail(to, before.config, decided!, input.decision, input.note, version));
    return { request: decided!, version };
  });
}

/**
 * Each request as the console and the portal show it: what it changes against the version it was asked against,
 * credentials masked (a portal sees only the parts it may ask for), and whether it is stale.
 */
export async function requestRows(
  db: Db,
  seeds: Seeds,
  requests: ChangeRequest[],
  options: { portal: boolean },
): Promise<ChangeRequestRow[]> {
  if (requests.length === 0) return [];
  const [buyers, latest] = await Promise.all([allBuyers(db, seeds), latestVersions(db)]);
  // A request asked before the buyer's first version was asked against what version 1 keeps (writeVersion).
  const wanted = [...new Set(requests.map((r) => `${r.buyerId}\n${r.baseVersion ?? 1}`))].map((key) => {
    const [buyerId, version] = key.split("\n");
    return and(eq(buyerVersions.buyerId, buyerId!), eq(buyerVersions.version, Number(version)))!;
  });
  const versionRows = await db
    .select({ buyerId: buyerVersions.buyerId, version: buyerVersions.version, config: buyerVersions.config })
    .from(buyerVersions)
    .where(and(inArray(buyerVersions.buyerId, [...new Set(requests.map((r) => r.buyerId))]), or(...wanted)));
  const baseOf = (r: ChangeRequest): unknown =>
    versionRows.find((v) => v.buyerId === r.buyerId && v.version === (r.baseVersion ?? 1))?.config ??
    buyers.get(r.buyerId)?.config;
  return requests.map((r) => {
    const inForce = latest.get(r.buyerId) ?? null;
    return {
      id: r.id,
      buyer_id: r.buyerId,
      buyer_name: buyers.get(r.buyerId)?.config.name ?? r.buyerId,
      base_version: r.baseVersion,
      state: r.state,
      note: r.note,
      requested_by: r.requestedBy,
      created_at: r.createdAt.toISOString(),
      decided_by: r.decidedBy,
      decision_note: r.decisionNote,
      decided_at: r.decidedAt?.toISOString() ?? null,
      stale: r.state === "pending" && inForce !== r.baseVersion,
      changes: settingChanges(baseOf(r), r.config, options.portal),
    };
  });
}

/** The settings that differ, each with its two values as in force (defaults filled in), credentials masked. */
function settingChanges(before: unknown, after: unknown, onlyRequestable: boolean): SettingChange[] {
  const shownBefore = before === undefined ? {} : maskSecrets(settingsOf(before));
  const shownAfter = maskSecrets(settingsOf(after));
  return changedSettings(before ?? {}, after)
    .filter((path) => !onlyRequestable || isRequestablePath(path))
    .map((path) => ({ path, before: valueAt(shownBefore, path), after: valueAt(shownAfter, path) }));
}
