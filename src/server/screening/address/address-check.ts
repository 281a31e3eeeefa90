import type { ZipDirectory } from "../../intake/lookups/zip-directory.ts";
import type { ScreeningCheck } from "../gate/screening-check.ts";

// Whether the zip, city and state agree (docs/product/screening.md#address), by the offline zip directory the funnel
// already fills the city and state from. The directory keeps one city name per zip while the Postal Service accepts
// several for many (Brooklyn and New York), so the city is compared loosely: the same after normalising, or one
// name containing the other. A state that differs, or a zip the directory does not know, is a mismatch.

const normalise = (city: string) =>
  city
    .toLowerCase()
    .replace(/\bsaint\b/g, "st")
    .replace(/\bfort\b/g, "ft")
    .replace(/\bmount\b/g, "mt")
    .replace(/[^a-z0-9]/g, "");

export function createAddressCheck(zips: ZipDirectory): ScreeningCheck {
  return {
    name: "address",
    answers: ["address"],
    timeoutMs: 1_000,
    async run(input) {
      if (!input.zip || !input.state)
        return { address: { answer: "unknown", source: "offline", detail: "no zip or state" } };
      const place = zips.lookup(input.zip);
      if (!place) return { address: { answer: "mismatch", source: "offline", detail: "zip not in the directory" } };
      if (place.state !== input.state.toUpperCase()) {
        return { address: { answer: "mismatch", source: "offline", detail: `zip is in ${place.state}` } };
      }
      if (input.city) {
        const typed = normalise(input.city);
        const known = normalise(place.city);
        if (typed && !(typed === known || typed.includes(known) || known.includes(typed))) {
          return { address: { answer: "mismatch", source: "offline", detail: "city differs from the zip's" } };
        }
      }
      return { address: { answer: "match", source: "offline" } };
    },
  };
}
