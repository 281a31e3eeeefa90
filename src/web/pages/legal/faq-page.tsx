import { useMemo } from "react";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { FaqList } from "#web/frame/info/faq-list.tsx";
import { faqs } from "#web/frame/info/faqs.tsx";
import { LegalPage } from "./legal-page.tsx";

export function meta() {
  return [
    { title: pageTitle("Frequently Asked Questions") },
    { name: "description", content: "Answers to the questions people ask most about requesting a loan." },
  ];
}

// The 14 questions of docs/product/overview.md, each answer shown in full.
export default function FaqPage() {
  const site = useSite();
  const items = useMemo(() => faqs(site), [site]);
  return (
    <LegalPage title="Frequently Asked Questions">
      <FaqList items={items} variant="expanded" />
    </LegalPage>
  );
}
