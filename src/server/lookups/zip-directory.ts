import { createRequire } from "node:module";

export type ZipPlace = { zip: string; city: string; state: string; lat: number; long: number };

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
      data ??= createRequire(import.meta.url)("zipcodes") as ZipcodesModule;
      const hit = data.lookup(zip);
      if (!hit || hit.country !== "US") return undefined;
      return { zip: hit.zip, city: hit.city, state: hit.state, lat: hit.latitude, long: hit.longitude };
    },
  };
}
