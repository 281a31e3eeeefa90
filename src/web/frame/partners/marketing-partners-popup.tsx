import { useSite } from "#web/site/use-site.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { PartnerNames } from "./partner-names.tsx";
import { usePartnerNames } from "./use-partner-names.ts";

// The Marketing Partners pop-up of the funnel pages and consent texts (docs/product/overview.md): the server's
// partner names, asked when it opens; closes on an outside click, its close button or Escape.
export function MarketingPartnersPopup(props: { open: boolean; onClose: () => void }) {
  const site = useSite();
  const partners = usePartnerNames(props.open);
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Marketing Partners">
      <p>
        By submitting your information you agree that {site.brand.name} and the following marketing partners may contact
        you about your request and related offers:
      </p>
      <PartnerNames partners={partners.names} loading={partners.loading} />
    </Dialog>
  );
}
