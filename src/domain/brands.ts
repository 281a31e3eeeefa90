// What the browser and the server both know of each brand (docs/product/settled-readings.md#18-operator-details):
// the host names that pick it and its marketing partners. The server answers the partner list from here when no
// partner service is configured (docs/decisions/0023-partner-list.md). The rest of a brand (words, contact,
// seals) is browser-only: src/web/site/brands/<id>.ts spreads its entry from this file.
export type Brand = {
  id: string;
  /** Host names that select this brand; the first one is its canonical host. */
  hosts: readonly string[];
  /** Marketing partners named on /partners and in the Marketing Partners pop-up. */
  partners: readonly string[];
};

// The sample brand every fresh install shows. Microsoft's well-known fictitious company names stand in for
// partners, to be replaced with a real brand's before going live.
export const SAMPLE_BRAND: Brand = {
  id: "sample",
  hosts: ["www.loanpath.example", "loanpath.example", "localhost", "127.0.0.1"],
  partners: [
    "Adventure Works Financial",
    "Contoso Consumer Finance",
    "Fabrikam Credit Services",
    "Northwind Lending Group",
    "Tailspin Loan Marketing",
    "Woodgrove Lending",
  ],
};

/** Every brand a deployment can serve. Add a brand: one entry here and its file in src/web/site/brands/. */
export const BRANDS: readonly Brand[] = [SAMPLE_BRAND];

/** `WWW.Example.com.:443` -> `www.example.com` */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

// One deployment can serve several brands; the host name the visitor typed picks one. The browser and the
// server both pick with this, so the pages and the partner list always name the same brand.
export function pickBrand<T extends Pick<Brand, "hosts">>(
  host: string | undefined,
  brands: readonly T[],
  fallback: T,
): T {
  if (!host) return fallback;
  const wanted = normalizeHost(host);
  return brands.find((brand) => brand.hosts.some((h) => normalizeHost(h) === wanted)) ?? fallback;
}
