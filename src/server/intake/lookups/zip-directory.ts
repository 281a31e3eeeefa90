import { createRequire } from "node:module";
import { US_STATES } from "#domain/options.ts";

// Called `require` so that knip and dependency-cruiser see the zipcodes package as a dependency.
const require = createRequire(import.meta.url);
const SERVED_STATES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.value));

type ZipPlace = { zip: string; city: string; state: string; lat: number; long: number };

export interface ZipDirectory {
  lookup(zip: string): ZipPlace | undefined;
}

type ZipcodesModule = {
  lookup(
    zip: string,
  ): { zip: string; city: string; state: string; latitude: number; longitude: number; country: string } | undefined;
};

// The US zip dataset shipped by the `zipcodes` package (no network). Loading it costs ~270 ms and ~27 MB,
// so it is loaded once, on first use, and never sent to the browser.
export function createPackagedZipDirectory(): ZipDirectory {
  let data: ZipcodesModule | undefined;
  return {
    lookup(zip) {
      if (!/^\d{5}$/.test(zip)) return undefined;
      data ??= require("zipcodes") as ZipcodesModule;
      const hit = data.lookup(zip);
      // Only the states and DC the funnel offers: a territory's zip (Puerto Rico, Guam) would pass the
      // quick start and then dead-end at the address step, whose state list has no territories.
      if (!hit || hit.country !== "US" || !SERVED_STATES.has(hit.state)) return undefined;
      return { zip: hit.zip, city: hit.city, state: hit.state, lat: hit.latitude, long: hit.longitude };
    },
  };
}
