import { PartnerNames } from "#web/frame/partners/partner-names.tsx";
import { usePartnerNames } from "#web/frame/partners/use-partner-names.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { LegalPage } from "./legal-page.tsx";

export function meta() {
  return [
    { title: pageTitle("Marketing Partners") },
    { name: "description", content: "The companies that may contact you about your request." },
  ];
}

// /partners (docs/product/screens-and-routes.md): the server's partner names, or `No partners available` when
// there are none. The prerendered page carries the site configuration's names until the server answers.
export default function PartnersPage() {
  const site = useSite();
  const partners = usePartnerNames(true);
  return (
    <LegalPage
      title="Marketing Partners"
      intro={
        <p>
          When you submit a request and give your consent, {site.brand.name} and the following companies may contact you
          by e-mail, text message or phone about your request and related offers.
        </p>
      }
    >
      <PartnerNames partners={partners.names} loading={partners.loading} />
    </LegalPage>
  );
}
