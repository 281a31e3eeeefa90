import type { Permission } from "#domain/console/roles.ts";

/** The side navigation's sections, in order; a section with no page the role may use is not shown. */
export const NAV_SECTIONS = ["Your account", "Reports", "Trade", "Money", "Compliance", "Team"] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** The console's parts, in the order the navigation lists them, each shown only to a role that may use it. */
export const CONSOLE_NAV: readonly { path: string; label: string; permission: Permission; section: NavSection }[] = [
  { path: "/console/portal", label: "Overview", permission: "buyer:self", section: "Your account" },
  { path: "/console/portal/leads", label: "Leads", permission: "buyer:self", section: "Your account" },
  { path: "/console/portal/returns", label: "Returns", permission: "buyer:self", section: "Your account" },
  { path: "/console/portal/balance", label: "Balance", permission: "buyer:self", section: "Your account" },
  { path: "/console/portal/invoices", label: "Invoices", permission: "buyer:self", section: "Your account" },
  { path: "/console/portal/changes", label: "Change requests", permission: "buyer:self", section: "Your account" },
  { path: "/console/portal/keys", label: "API keys", permission: "buyer:self", section: "Your account" },
  { path: "/console", label: "Today", permission: "reports:read", section: "Reports" },
  { path: "/console/funnel", label: "Funnel", permission: "reports:read", section: "Reports" },
  { path: "/console/reports/buyers", label: "Buyer report", permission: "reports:read", section: "Reports" },
  { path: "/console/reports/publishers", label: "Publisher report", permission: "reports:read", section: "Reports" },
  { path: "/console/my-traffic", label: "My traffic", permission: "publisher:self", section: "Reports" },
  { path: "/console/leads", label: "Leads", permission: "leads:read", section: "Trade" },
  { path: "/console/buyers", label: "Buyers", permission: "buyers:read", section: "Trade" },
  { path: "/console/publishers", label: "Publishers", permission: "partners:read", section: "Trade" },
  { path: "/console/screening", label: "Screening", permission: "buyers:read", section: "Trade" },
  { path: "/console/returns", label: "Returns", permission: "partners:read", section: "Money" },
  { path: "/console/statements", label: "Statements", permission: "partners:read", section: "Money" },
  { path: "/console/invoices", label: "Invoices", permission: "partners:read", section: "Money" },
  { path: "/console/ledger", label: "Ledger", permission: "audit:read", section: "Money" },
  { path: "/console/privacy-requests", label: "Privacy requests", permission: "privacy:handle", section: "Compliance" },
  { path: "/console/audit", label: "Audit log", permission: "audit:read", section: "Compliance" },
  { path: "/console/operators", label: "Operators", permission: "operators:manage", section: "Team" },
];

/** Pages under a part that ask more than reading it: adding one is writing. */
const WRITING_PAGES: readonly { path: string; permission: Permission }[] = [
  { path: "/console/buyers/new", permission: "buyers:write" },
  { path: "/console/publishers/new", permission: "partners:write" },
];

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The permission a console page needs, from the same table as the navigation: the most specific part whose path
 * holds it (`/console/leads/abc` is Leads'). None for the home page, which shows each role what it may use, nor
 * for a path the console does not know (its router says so).
 */
export function pagePermission(pathname: string): Permission | undefined {
  const path = pathname.replace(/\/+$/, "");
  const found = [...WRITING_PAGES, ...CONSOLE_NAV]
    .filter((page) => page.path !== "/console" && under(path, page.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return found?.permission;
}

export const consoleTitle = (page: string) => `${page} · Loanpath console`;
