import { useSite } from "#web/site/use-site.ts";

// The brand's trust seals (docs/product/overview.md), from the site configuration: in the footer, and beside the
// quick start form, where a visitor decides whether to trust the site with their details. A seal is drawn as part
// of the page when the brand gives its artwork (docs/decisions/0026-landing-render-cost.md), or is an issuer's
// image file: that keeps its 120 x 48 size attributes, so the space is held before it loads (no layout shift), and
// loads lazily, or the prerendered HTML would preload it in its head, ahead of what the first paint needs.
export function TrustSeals({ label, compact = false }: { label: string; compact?: boolean }) {
  const site = useSite();
  return (
    <ul className={compact ? "trust-seals trust-seals--compact" : "trust-seals"} aria-label={label}>
      {site.trustSeals.map((seal) => {
        const drawn =
          "artwork" in seal ? (
            <svg
              className="trust-seals__seal"
              viewBox="0 0 120 48"
              width="120"
              height="48"
              role="img"
              aria-label={seal.alt}
            >
              <seal.artwork />
            </svg>
          ) : (
            <img
              className="trust-seals__seal"
              src={seal.image}
              alt={seal.alt}
              width="120"
              height="48"
              loading="lazy"
              decoding="async"
            />
          );
        return <li key={seal.id}>{seal.href ? <a href={seal.href}>{drawn}</a> : drawn}</li>;
      })}
    </ul>
  );
}
