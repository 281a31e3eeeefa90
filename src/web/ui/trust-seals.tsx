import { useSite } from "#web/site/use-site.ts";

// The brand's trust seals (docs/product/overview.md), from the site configuration: in the footer, and beside the
// quick start form, where a visitor decides whether to trust the site with their details. The images
// keep their 120 x 48 size attributes, so the space is held before they load (no layout shift), and load
// lazily: otherwise the prerendered HTML preloads them in its head, ahead of what the first paint needs.
export function TrustSeals({ label, compact = false }: { label: string; compact?: boolean }) {
  const site = useSite();
  return (
    <ul className={compact ? "trust-seals trust-seals--compact" : "trust-seals"} aria-label={label}>
      {site.trustSeals.map((seal) => (
        <li key={seal.id}>
          <img src={seal.image} alt={seal.alt} width="120" height="48" loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
