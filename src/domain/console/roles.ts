// Who may do what in the operator console (docs/decisions/0034-operator-console.md). The server enforces it on
// every console route; the screens read the same table only to hide what a role could not use anyway.

export const OPERATOR_ROLES = ["owner", "manager", "compliance", "analyst", "publisher", "buyer"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  /** Figures: Today, the funnel, buyer performance. Never a person's data. */
  "reports:read",
  /** Search leads and read their timelines, personal data masked. */
  "leads:read",
  /** Unmask a lead's personal data, with a stated reason that the audit log keeps. */
  "leads:reveal",
  /** Read the buyers' configurations (their credentials masked). */
  "buyers:read",
  /** Create, edit, pause, roll back and test buyers. */
  "buyers:write",
  /** The privacy request queue: read it (with the requester's contact details) and mark requests done. */
  "privacy:handle",
  /** Publishers, their payouts and postbacks, partner API keys and the statements: read them. */
  "partners:read",
  /** Create and edit publishers, issue and revoke partner API keys. */
  "partners:write",
  /** Approve or reject a buyer's return of a lead. */
  "returns:decide",
  /** Read the audit log. */
  "audit:read",
  /** Create operators, change roles, disable accounts, revoke sessions. */
  "operators:manage",
  /** A publisher's own figures, and nothing else (docs/product/partners.md#a-publishers-own-view). */
  "publisher:self",
  /** A buyer's own portal, and nothing else (docs/product/buyer-money.md#the-buyer-portal). */
  "buyer:self",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  // Every permission but a partner's own view: an owner is bound to no publisher and no buyer.
  owner: PERMISSIONS.filter((p) => p !== "publisher:self" && p !== "buyer:self"),
  manager: [
    "reports:read",
    "leads:read",
    "buyers:read",
    "buyers:write",
    "partners:read",
    "partners:write",
    "returns:decide",
  ],
  compliance: ["leads:read", "leads:reveal", "privacy:handle"],
  analyst: ["reports:read"],
  publisher: ["publisher:self"],
  buyer: ["buyer:self"],
};

export function can(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: OperatorRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

export const ROLE_LABELS: Record<OperatorRole, string> = {
  owner: "Owner",
  manager: "Manager",
  compliance: "Compliance",
  analyst: "Analyst",
  publisher: "Publisher",
  buyer: "Buyer",
};

/** A console page the role table keeps from this role, opened by its address (the server refuses its data too). */
export const roleCannotSee = (role: OperatorRole) => `Your role (${role}) cannot see this page.`;
