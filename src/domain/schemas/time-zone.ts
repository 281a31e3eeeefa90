import { z } from "zod";

// An IANA time zone, as buyers and publishers count their caps in (their own hour, day and month).

// Making a formatter is what tests a zone, and it costs more than the rest of a buyer's parse: each zone is
// tested once (a handful of zones, parsed again with every buyer row that changes).
const knownTimeZones = new Set<string>();
export const timeZone = z.string().refine((tz) => {
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    return false;
  }
  if (knownTimeZones.size < 1_000) knownTimeZones.add(tz);
  return true;
}, "must be an IANA time zone such as America/New_York");
