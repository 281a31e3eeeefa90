export const NO_PARTNERS_TEXT = "No partners available";

// The marketing partners by name (docs/product/screens-and-routes.md: /partners shows them, or `No partners
// available`). `loading`: the names stand in until the server's list arrives (use-partner-names.ts).
export function PartnerNames({ partners, loading = false }: { partners: readonly string[]; loading?: boolean }) {
  if (partners.length === 0) return <p className="partner-names__empty">{NO_PARTNERS_TEXT}</p>;
  return (
    <ul className="partner-names" aria-busy={loading || undefined}>
      {partners.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
