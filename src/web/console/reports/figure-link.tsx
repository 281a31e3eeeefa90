import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LeadsQuery } from "#domain/contracts/console-reports.ts";
import { leadsHref } from "./report-format.ts";

/** A figure, linked to the leads behind it for an operator who may read leads (leads:read). */
export function FigureLink({
  query,
  canSeeLeads,
  children,
}: {
  query?: LeadsQuery;
  canSeeLeads: boolean;
  children: ReactNode;
}) {
  return canSeeLeads && query ? <Link to={leadsHref(query)}>{children}</Link> : <>{children}</>;
}
