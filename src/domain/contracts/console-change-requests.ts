import { z } from "zod";
import { isRequestablePart, NOT_REQUESTABLE, NOTHING_ASKED } from "../buyers/change-request-parts.ts";
import { answerOf } from "./envelope.ts";

// A buyer's change requests (docs/product/buyer-money.md#change-requests): asked for from the portal, decided by an
// operator on the buyer's page. A request keeps the whole configuration asked for; the answers show only what it
// changes, path by path, credentials masked.

const CHANGE_REQUEST_STATES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];

const note = z.string().trim().max(500, "Keep the note under 500 characters.");

/**
 * POST /api/console/portal/change-requests. `changes` replaces whole parts of the configuration in force
 * (src/domain/buyers/change-request-parts.ts); the configuration they make is checked by the buyer schema, each
 * message on its path under `changes` (`changes.caps.daily`).
 */
export const portalChangeRequestBody = z.object({
  changes: z.record(z.string(), z.unknown()).superRefine((changes, ctx) => {
    const keys = Object.keys(changes);
    if (keys.length === 0) ctx.addIssue({ code: "custom", message: NOTHING_ASKED });
    for (const key of keys.filter((k) => !isRequestablePart(k)))
      ctx.addIssue({ code: "custom", path: [key], message: NOT_REQUESTABLE });
  }),
  note: note.min(1, "Say what you ask for and why, for the operator."),
});

export const changeRequestParams = z.object({ id: z.string().min(1).max(40) });

/** Approving may say why; rejecting must, for the buyer. */
export const changeRequestApproval = z.object({ note: note.optional() }).default({});
export const changeRequestRejection = z.object({ note: note.min(1, "Say why, for the buyer.") });

export const changeRequestQuery = z.object({
  state: z.enum(CHANGE_REQUEST_STATES).optional(),
  buyer: z.string().max(63).optional(),
});

/** One setting the request changes: its value in the version it was asked against and the one asked for. */
const settingChange = z.object({
  path: z.string(),
  /** Absent: not set. */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type SettingChange = z.infer<typeof settingChange>;

const changeRequestRow = z.object({
  id: z.string(),
  buyer_id: z.string(),
  /** The buyer's name as configured now (its id when it is no longer on the network). */
  buyer_name: z.string(),
  /** The version in force when it was asked (null: the buyer had never been changed in the console). */
  base_version: z.number().int().nullable(),
  state: z.enum(CHANGE_REQUEST_STATES),
  note: z.string(),
  requested_by: z.string(),
  created_at: z.string(),
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Pending, but the buyer's configuration has changed since: approving it is refused. */
  stale: z.boolean(),
  changes: z.array(settingChange),
});
export type ChangeRequestRow = z.infer<typeof changeRequestRow>;

export const changeRequestListAnswer = answerOf(z.object({ requests: z.array(changeRequestRow) }));
export const changeRequestAnswer = answerOf(changeRequestRow);

/** What a decision made: the request, and the buyer's new version when approved. */
export const changeRequestDecidedAnswer = answerOf(
  z.object({ id: z.string(), state: z.enum(CHANGE_REQUEST_STATES), version: z.number().int().nullable() }),
);

const optionalNumber = z.number().optional();

/** The parts a buyer may ask to change, as in force now (defaults filled in), for the portal to show and start from. */
const inForce = z.object({
  /** The version in force (null: never changed in the console). */
  version: z.number().int().nullable(),
  caps: z.object({ hourly: optionalNumber, daily: optionalNumber, weekly: optionalNumber, monthly: optionalNumber }),
  budget: z.object({ daily: optionalNumber, monthly: optionalNumber }),
  pricing: z.object({
    kind: z.enum(["bid", "fixed"]),
    price: optionalNumber,
    rules: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
  floor: z.number(),
  stateFloors: z.partialRecord(z.string(), z.number()).optional(),
  filters: z.record(z.string(), z.unknown()),
  schedule: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))).optional(),
  /** The zone its caps, budget and opening hours count in (the operator's to change). */
  timeZone: z.string(),
});
export type PortalInForce = z.infer<typeof inForce>;

/** GET /api/console/portal/change-requests: the buyer, its terms in force and its requests, newest first. */
export const portalChangeRequestsAnswer = answerOf(
  z.object({
    buyer: z.object({ id: z.string(), name: z.string() }),
    in_force: inForce,
    requests: z.array(changeRequestRow),
  }),
);
