import { Link, useLocation } from "react-router";
import { repeatAfterDaysOf } from "#domain/client-routes.ts";
import { pageTitle } from "#web/site/page-title.ts";
import "./lender.css";

const TITLE = "Sorry, we were unable to connect you with a lender.";

export function meta() {
  return [{ title: pageTitle("We could not connect you with a lender") }];
}

// The rejection page (docs/product/screens-and-routes.md#redirect-and-reject-pages): no lender took the
// application this time. A person's request reaches lenders once per duplicate window, which the server puts in
// the page's address, so "try again later" would send them back to the same answer: the page says when a new
// request can reach lenders, in words that fit every rejected visitor (docs/decisions/0030-funnel-words.md).
export default function RejectPage() {
  const days = repeatAfterDaysOf(useLocation().search);
  return (
    <section className="result-page" aria-labelledby="result-title">
      <h1 id="result-title">{TITLE}</h1>
      <p>None of the lenders in our network could make you an offer this time.</p>
      {days > 0 ? (
        <p>
          We send each person's request to our lenders once in {days} {days === 1 ? "day" : "days"}: a new request sent
          sooner gets the same answer. You are welcome to apply again {days} {days === 1 ? "day" : "days"} after this
          request.
        </p>
      ) : (
        <p>You are welcome to try again later.</p>
      )}
      <p>
        <Link to="/" className="button button--primary button--inline">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
