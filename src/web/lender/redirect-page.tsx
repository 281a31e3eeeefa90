import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { reportRedirect } from "#web/api/api.ts";
import { readLeadId } from "#web/session/lead-session.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { readRedirectAddress, safeRedirectAddress } from "./redirect-address.ts";
import "./lender.css";

/** docs/product/constants.md: the redirect pages wait 2 seconds. */
const REDIRECT_DELAY_MS = 2_000;

// The redirect pages' three texts (docs/product/screens-and-routes.md#redirect-and-reject-pages), by path
// (docs/product/settled-readings.md, redirect variants): /congratulations shows the first one.
const VARIANTS = {
  found: { title: "We've found the program for you!", text: "Congratulation!" },
  away: {
    title: "We are sorry!",
    text: "The lender is not around now to get connected, let's try another time!",
  },
  redirecting: {
    title: "REDIRECTING...",
    text: "We have found a suitable program for you. Taking you to the lender's page.",
  },
} as const;
const VARIANT_BY_PATH: Record<string, keyof typeof VARIANTS> = {
  "/redirect-upstart": "found",
  "/congratulations": "found",
  "/redirect-upgrade": "away",
  "/redirect": "redirecting",
};

export function meta({ location }: { location: { pathname: string } }) {
  return [{ title: pageTitle(VARIANTS[VARIANT_BY_PATH[location.pathname] ?? "redirecting"].title) }];
}

let leaving = false;

/**
 * Tells the server the visitor is on the way (best effort), then leaves for the lender's page, once. The
 * lender's page replaces this one in the history: Back from it returns to the page before, not to this one,
 * which would send the visitor to the lender again 2 s later.
 */
function goToLender(target: string) {
  if (leaving) return;
  leaving = true;
  const leadId = readLeadId();
  const go = () => window.location.replace(target);
  if (leadId) void reportRedirect(leadId).finally(go);
  else go();
}

/**
 * Shows the variant's text, then after 2 s takes the visitor to the accepting lender's page: the address the
 * lender connection passed along, else the one kept in local storage. The server hears of the arrival first,
 * so redirect rates can be measured per lender. A link lets the visitor go at once.
 */
export default function RedirectPage() {
  const location = useLocation();
  const variant = VARIANTS[VARIANT_BY_PATH[location.pathname] ?? "redirecting"];
  const [target] = useState(
    () =>
      safeRedirectAddress((location.state as { redirectUrl?: string } | null)?.redirectUrl) ?? readRedirectAddress(),
  );

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => goToLender(target), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target]);

  return (
    <section className="result-page" aria-labelledby="result-title">
      <h1 id="result-title">{variant.title}</h1>
      <p>{variant.text}</p>
      {target ? (
        <p>
          <a
            href={target}
            className="button button--primary button--inline"
            onClick={(event) => {
              event.preventDefault();
              goToLender(target);
            }}
          >
            Continue to the lender
          </a>
        </p>
      ) : (
        <p role="alert">
          We could not find the lender's page in this browser. <Link to="/">Start a new request</Link>
        </p>
      )}
    </section>
  );
}
