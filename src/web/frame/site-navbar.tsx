import { useLocation } from "react-router";
import { useSite } from "#web/site/use-site.ts";
import { Navbar, type NavItem } from "#web/ui/navbar.tsx";
import { scrollToElement, stickyHeaderOffset } from "#web/ui/smooth-scroll.ts";
import { useOpenInfoPopup } from "./info/info-popups.tsx";
import { HOME_PATHS, HOW_IT_WORKS_SECTION_ID } from "./home-paths.ts";

// Navbar items of docs/product/screens-and-routes.md: Blog (desktop only), How it works (scrolls on the home page, a
// pop-up elsewhere), Rates and Fees, FAQs.
export function SiteNavbar({ variant = "default" }: { variant?: "default" | "alternate" }) {
  const site = useSite();
  const openPopup = useOpenInfoPopup();
  const { pathname } = useLocation();
  const blog = site.blog[0];

  const items: NavItem[] = [
    ...(blog ? [{ id: "blog", label: "Blog", href: blog.href, desktopOnly: true }] : []),
    {
      id: "how-it-works",
      label: "How it works",
      onSelect: () => {
        const section = HOME_PATHS.includes(pathname) ? document.getElementById(HOW_IT_WORKS_SECTION_ID) : null;
        if (!section) {
          openPopup("how-it-works");
          return;
        }
        // Focus follows the page, so the next Tab continues from the section rather than the navbar.
        void scrollToElement(section, { offset: stickyHeaderOffset() }).then(() =>
          section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true }),
        );
      },
    },
    { id: "rates-and-fees", label: "Rates and Fees", onSelect: () => openPopup("rates-and-fees") },
    { id: "faqs", label: "FAQs", onSelect: () => openPopup("faqs") },
  ];
  return <Navbar logoText={site.brand.logoText} items={items} variant={variant} />;
}
