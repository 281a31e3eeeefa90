// A buyer's opening hours as the schema stores them (src/domain/buyers/buyer-schema.ts: per weekday, ranges of
// "HH:MM" to "HH:MM" in the buyer's time zone, "24:00" for midnight at the end) seen as a week of hour cells.
// A cell is on when its whole hour is open, partly when only some minutes are (a range from 09:30): the grid shows
// what is stored, and toggling an hour changes that hour only, so untouched days go back exactly as they came.

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];
export type Range = [string, string];
export type WeekHours = Partial<Record<Day, Range[]>>;
export type Coverage = "open" | "partly" | "closed";

export const DAY_NAMES: Record<Day, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const clock = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The name a cell is announced by: "Monday 09:00–10:00". */
export const cellName = (day: Day, hour: number) => `${DAY_NAMES[day]} ${clock(hour)}–${clock(hour + 1)}`;

const minutesOf = (time: string): number => {
  const [h, m] = time.split(":").map(Number);
  return (h ?? NaN) * 60 + (m ?? NaN);
};

const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The ranges as minute spans, the ones that open nothing (unreadable, or ending before they start) left out. */
function spansOf(ranges: readonly Range[]): [number, number][] {
  return ranges
    .map(([from, to]): [number, number] => [minutesOf(from), minutesOf(to)])
    .filter(([from, to]) => Number.isFinite(from) && Number.isFinite(to) && from < to);
}

export function coverage(ranges: readonly Range[] | undefined, hour: number): Coverage {
  const start = hour * 60;
  const end = start + 60;
  let covered = 0;
  // Overlapping ranges are merged first, so no minute counts twice.
  for (const [from, to] of merge(spansOf(ranges ?? [])))
    covered += Math.max(0, Math.min(to, end) - Math.max(from, start));
  return covered >= 60 ? "open" : covered > 0 ? "partly" : "closed";
}

function merge(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The day's ranges with one hour opened whole, or closed whole when it was open. */
export function toggleHour(ranges: readonly Range[] | undefined, hour: number): Range[] {
  const start = hour * 60;
  const end = start + 60;
  const spans = spansOf(ranges ?? []);
  const next =
    coverage(ranges, hour) === "open"
      ? spans.flatMap(
          ([from, to]): [number, number][] =>
            [
              [from, Math.min(to, start)],
              [Math.max(from, end), to],
            ].filter(([a, b]) => (a as number) < (b as number)) as [number, number][],
        )
      : [...spans, [start, end] as [number, number]];
  return merge(next).map(([from, to]) => [timeOf(from), timeOf(to)]);
}

/** The week with one hour of one day toggled; a day left with no hours is taken out (closed, as unset is). */
export function toggleCell(week: WeekHours, day: Day, hour: number): WeekHours {
  const ranges = toggleHour(week[day], hour);
  const { [day]: _old, ...rest } = week;
  return ranges.length ? { ...rest, [day]: ranges } : rest;
}

export function clearDay(week: WeekHours, day: Day): WeekHours {
  const { [day]: _old, ...rest } = week;
  return rest;
}

/** Tuesday to Friday as Monday is (closed when Monday is). */
export function copyMondayToWeekdays(week: WeekHours): WeekHours {
  const next: WeekHours = { ...week };
  for (const day of ["tue", "wed", "thu", "fri"] as const) {
    if (week.mon) next[day] = week.mon.map(([from, to]) => [from, to]);
    else delete next[day];
  }
  return next;
}

/** A day's hours as read aloud and shown beside its row: "09:30–17:00, 18:00–20:00", or "Closed". */
export function dayText(ranges: readonly Range[] | undefined): string {
  return ranges?.length ? ranges.map(([from, to]) => `${from}–${to}`).join(", ") : "Closed";
}
