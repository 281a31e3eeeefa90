import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LeadsQuery } from "#domain/contracts/console-reports.ts";
import { leadsHref } from "./report-format.ts";

/**
 * A figure, linked to the leads behind it for an operator who may read leads (leads:read). It reads as a plain
 * figure, not as a page of blue underlines; hovering underlines it and the keyboard's focus ring shows it.
 */
export function FigureLink({
  query,
  canSeeLeads,
  children,
}: {
  query?: LeadsQuery | undefined;
  canSeeLeads: boolean;
  children: ReactNode;
}) {
  return canSeeLeads && query ? (
    <Anchor component={Link} to={leadsHref(query)} c="inherit" underline="hover" inherit>
      {children}
    </Anchor>
  ) : (
    <>{children}</>
  );
}
