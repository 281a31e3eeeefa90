// Wall-clock time in a buyer's IANA time zone, for its caps (counted per local hour, day and month) and
// its weekly schedule. Intl does the zone arithmetic, daylight-saving changes included.

type Weekday = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; weekday: Weekday };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function wallTime(at: Date, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: String(parts.weekday).toLowerCase().slice(0, 3) as Weekday,
  };
}

/** The instant a wall-clock time in `timeZone` happens (the earlier one in a repeated hour). */
function instantOf(wall: { year: number; month: number; day: number; hour: number }, timeZone: string): Date {
  const target = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const w = wallTime(new Date(guess), timeZone);
    const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += target - seen;
  }
  return new Date(guess);
}

const DAYS_SINCE_MONDAY: Record<Weekday, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

/** When the current local hour, day, week (from Monday) or month began in `timeZone`. */
export function periodStart(now: Date, timeZone: string, period: "hour" | "day" | "week" | "month"): Date {
  const w = wallTime(now, timeZone);
  if (period === "hour") {
    // Whole-hour zones and half-hour ones alike: step back the minutes and seconds already gone.
    return new Date(Math.floor(now.getTime() / 1000) * 1000 - (w.minute * 60 + w.second) * 1000);
  }
  if (period === "week") {
    // The calendar date of this week's Monday (Date.UTC carries a day before the 1st into the month before).
    const monday = new Date(Date.UTC(w.year, w.month - 1, w.day - DAYS_SINCE_MONDAY[w.weekday]));
    const date = { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() };
    return instantOf({ ...date, hour: 0 }, timeZone);
  }
  return instantOf({ year: w.year, month: w.month, day: period === "month" ? 1 : w.day, hour: 0 }, timeZone);
}
