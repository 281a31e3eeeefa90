import type { Permission } from "#domain/console/roles.ts";

/** The console's parts, in the order the navigation lists them, each shown only to a role that may use it. */
export const CONSOLE_NAV: readonly { path: string; label: string; permission: Permission }[] = [
  { path: "/console", label: "Today", permission: "reports:read" },
  { path: "/console/funnel", label: "Funnel", permission: "reports:read" },
  { path: "/console/leads", label: "Leads", permission: "leads:read" },
  { path: "/console/buyers", label: "Buyers", permission: "buyers:read" },
  { path: "/console/privacy-requests", label: "Privacy requests", permission: "privacy:handle" },
  { path: "/console/audit", label: "Audit log", permission: "audit:read" },
  { path: "/console/operators", label: "Operators", permission: "operators:manage" },
  { path: "/console/statements", label: "Statements", permission: "partners:read" },
  { path: "/console/ledger", label: "Ledger", permission: "audit:read" },
  { path: "/console/returns", label: "Returns", permission: "partners:read" },
  { path: "/console/publishers", label: "Publishers", permission: "partners:read" },
  { path: "/console/my-traffic", label: "My traffic", permission: "publisher:self" },
];

export const consoleTitle = (page: string) => `${page} · Loanpath console`;
