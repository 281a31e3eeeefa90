// GET /personal_loan/address-suggest (docs/product/server-calls.md) goes through this interface, so the funnel works
// with no account anywhere (offline default) and a hosted service can be plugged in by configuration
// (docs/product/server-calls.md#server-contract).

export type AddressQuery = {
  zip: string;
  /** The street line as typed so far. */
  address: string;
  /** The visitor's zip position, when the browser has it; otherwise the zip's centre is used. */
  lat?: number;
  long?: number;
  maxResults: number;
};

export type AddressSuggestion = { address: string; city: string; state: string; zip: string };

export interface AddressSuggester {
  /** Never rejects: a failing source answers from a fallback or with no suggestions. */
  suggest(query: AddressQuery): Promise<AddressSuggestion[]>;
}

/**
 * The default without an address service: no suggestions. Nothing offline knows which streets exist, and a
 * completion that looks real but is made up ("350 5th St", "Ave", "Rd" for 10001) misleads more than none
 * does: the visitor types their own street (docs/decisions/0033-no-invented-addresses.md).
 */
export const NO_ADDRESS_SUGGESTIONS: AddressSuggester = { suggest: async () => [] };
