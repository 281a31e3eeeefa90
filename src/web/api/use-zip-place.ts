import { useCallback, useEffect, useRef, useState } from "react";
import { lookupZip, type ZipPlace } from "./api.ts";

export type ZipLookup = { zip: string; status: "loading" | "found" | "unknown"; place?: ZipPlace };

const FIVE_DIGITS = /^\d{5}$/;

// Resolves a zip to its city and state as soon as five digits are typed (docs/product/screens-and-routes.md), once per
// zip: the submit reuses the answer, or the request still in flight, instead of asking again. Only a definite
// "no such zip" (404/400) is remembered; a failed call is asked again on the next try.
export function useZipPlace(zip: string) {
  const known = useRef(new Map<string, ZipPlace | null>());
  const inFlight = useRef(new Map<string, Promise<ZipPlace | null | undefined>>());
  const [lookup, setLookup] = useState<ZipLookup | undefined>(undefined);

  const resolve = useCallback((value: string): Promise<ZipPlace | null | undefined> => {
    const cached = known.current.get(value);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = inFlight.current.get(value);
    if (pending) return pending;
    const request = lookupZip(value).then((result) => {
      inFlight.current.delete(value);
      if (result.ok && result.data) {
        known.current.set(value, result.data);
        return result.data;
      }
      if (result.status === 404 || result.status === 400) {
        known.current.set(value, null);
        return null;
      }
      return undefined;
    });
    inFlight.current.set(value, request);
    return request;
  }, []);

  useEffect(() => {
    if (!FIVE_DIGITS.test(zip)) return;
    let current = true;
    setLookup({ zip, status: "loading" });
    void resolve(zip).then((place) => {
      if (current) setLookup(place ? { zip, status: "found", place } : { zip, status: "unknown" });
    });
    return () => {
      current = false;
    };
  }, [zip, resolve]);

  // A lookup for another zip is stale: the shown city and state clear as soon as the zip changes.
  return { lookup: lookup?.zip === zip ? lookup : undefined, resolve };
}
