import type { Brand } from "#domain/brands.ts";

// The partner list (docs/product/server-calls.md) goes through this interface, so the site works with no
// partner service anywhere (the brands' own lists) and a service can be plugged in by configuration
// (docs/decisions/0023-partner-list.md).
export interface PartnerSource {
  /** The brand's partner names, in the order to show them. Never rejects: a failing source answers none. */
  partnersOf(brand: Brand): Promise<readonly string[]>;
}

/** The offline default: the names each brand lists in src/domain/brands.ts. */
export const brandListPartnerSource: PartnerSource = {
  partnersOf: async (brand) => brand.partners,
};
