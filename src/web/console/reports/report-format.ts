import type { LeadsQuery } from "#domain/contracts/console-reports.ts";
import type { FigureKind } from "./report-measures.ts";

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

const formatMs = (ms: number | null) => (ms === null ? "–" : `${whole.format(Math.round(ms))} ms`);

/** A figure written as its kind is (report-measures.ts). */
export function formatFigure(kind: FigureKind, value: number | null): string {
  if (kind === "money") return formatCents(value === null ? null : Math.round(value));
  if (kind === "rate") return formatRate(value);
  if (kind === "ms") return formatMs(value);
  return value === null ? "–" : formatCount(value);
}

/** A figure for a CSV file: a plain number a spreadsheet sums (dollars, percent, milliseconds), empty for none. */
export function csvFigure(kind: FigureKind, value: number | null): number | null {
  if (value === null) return null;
  if (kind === "money") return Math.round(value) / 100;
  if (kind === "rate") return Math.round(value * 10_000) / 100;
  return Math.round(value);
}

/** A CSV column's name, with the unit its numbers are in. */
export const csvHeader = (name: string, kind: FigureKind) =>
  kind === "money" ? `${name} (USD)` : kind === "rate" ? `${name} (%)` : kind === "ms" ? `${name} (ms)` : name;
