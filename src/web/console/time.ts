import { isTimeZone } from "#domain/contracts/console-reports.ts";

// Dates and times in the operator's time zone (docs/decisions/0034-operator-console.md): a setting kept in this
// browser, the browser's own zone until the operator picks another. Reports take the same zone, so a "day" on
// Today is the operator's day.

const KEY = "console.timeZone";

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function savedTimeZone(): string {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && isTimeZone(saved)) return saved;
  } catch {
    // Storage disabled: the browser's zone.
  }
  return browserTimeZone();
}

export function saveTimeZone(name: string) {
  try {
    localStorage.setItem(KEY, name);
  } catch {
    // Storage disabled: the choice lasts until the page is left.
  }
}

/** The zones a person may pick from: the browser's list, or a few US ones where it has none. */
export function timeZoneChoices(): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone");
  return all?.length ? all : ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "UTC"];
}

export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

export function formatDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "short", day: "numeric" }).format(
    new Date(iso),
  );
}
