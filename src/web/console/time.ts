import { isTimeZone } from "#domain/contracts/console-reports.ts";

// Dates and times in the operator's time zone (docs/decisions/0034-operator-console.md): a setting kept in this
// browser, the browser's own zone until the operator picks another. Reports take the same zone, so a "day" on
// Today is the operator's day.

const KEY = "console.timeZone";

/**
 * The names of UTC itself. A browser set to UTC reports one of them (often "Etc/UTC"), and the runtime's list of
 * zones holds none, so the picker showed its first entry, Africa/Abidjan, instead: each is read as "UTC".
 */
const UTC_NAMES = new Set(
  ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu"].flatMap((n) => [n, `Etc/${n}`]),
);

/** One name per zone: every name of UTC is "UTC". */
const zoneName = (name: string) => (UTC_NAMES.has(name) ? "UTC" : name);

function browserTimeZone(): string {
  return zoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
}

export function savedTimeZone(): string {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && isTimeZone(saved)) return zoneName(saved);
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

/**
 * The zones a person may pick from: UTC first, then the browser's list (or a few US ones where it has none), and
 * `current` wherever it is missing, so the picker always shows the zone the console uses.
 */
export function timeZoneChoices(current?: string): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone");
  const listed = all?.length ? all : ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"];
  const zones = ["UTC", ...listed.filter((zone) => zoneName(zone) !== "UTC")];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The month (`YYYY-MM`) it is at `at` in `timeZone`. */
export function monthIn(timeZone: string, at = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
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
