import { Link } from "react-router";
import { pageTitle } from "#web/site/page-title.ts";
import "./lender.css";

const TITLE = "Sorry, we were unable to connect you with a lender.";

export function meta() {
  return [{ title: pageTitle("We could not connect you with a lender") }];
}

// The rejection page (docs/product/screens-and-routes.md#redirect-and-reject-pages): no lender took the
// application this time.
export default function RejectPage() {
  return (
    <section className="result-page" aria-labelledby="result-title">
      <h1 id="result-title">{TITLE}</h1>
      <p>
        None of the lenders in our network could make you an offer at this time. You are welcome to try again later.
      </p>
      <p>
        <Link to="/" className="button button--primary button--inline">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
