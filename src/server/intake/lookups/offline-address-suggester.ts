import type { AddressSuggester } from "./address-suggester.ts";
import { streetLineCandidates } from "./street-line.ts";
import type { ZipDirectory } from "./zip-directory.ts";

/**
 * The default address suggester. It is a formatter, not an address database: it puts what the visitor
 * typed into standard form (title case, USPS abbreviations), offers the common street suffixes when none
 * was typed, and adds the city and state of the zip. It cannot tell whether the street exists; a hosted
 * service (ADDRESS_SUGGEST_API_KEY) can.
 */
export function createOfflineAddressSuggester(zips: ZipDirectory): AddressSuggester {
  return {
    async suggest({ zip, address, maxResults }) {
      const place = zips.lookup(zip);
      // An unknown zip has no city or state to offer; the address step reports it on submit
      // (docs/product/validation.md).
      if (!place) return [];
      return streetLineCandidates(address, maxResults).map((line) => ({
        address: line,
        city: place.city,
        state: place.state,
        zip: place.zip,
      }));
    },
  };
}
