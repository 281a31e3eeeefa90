import type { LeadsQuery } from "#domain/contracts/console-reports.ts";

// How the reports write their figures, and where a figure's leads are listed.

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const whole = new Intl.NumberFormat("en-US");

export const formatCents = (cents: number | null) => (cents === null ? "–" : money.format(cents / 100));
export const formatCount = (n: number) => whole.format(n);
export const formatRate = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)}%`);
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "–";
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60
    ? `${minutes} min ${Math.round(seconds % 60)} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The leads screen's address for a figure's leads (the contract's leadsQueryOf). */
export const leadsHref = (query: LeadsQuery) => `/console/leads?${new URLSearchParams(query)}`;
