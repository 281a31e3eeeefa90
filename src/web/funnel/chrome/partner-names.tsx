export const NO_PARTNERS_TEXT = "No partners available";

// The marketing partners by name (docs/product/screens-and-routes.md: /partners shows them, or `No partners
// available`).
export function PartnerNames({ partners }: { partners: readonly string[] }) {
  if (partners.length === 0) return <p className="partner-names__empty">{NO_PARTNERS_TEXT}</p>;
  return (
    <ul className="partner-names">
      {partners.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}
