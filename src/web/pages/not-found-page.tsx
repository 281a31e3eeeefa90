import { Link } from "react-router";
import { pageTitle } from "#web/site/page-title.ts";

export function meta() {
  return [{ title: pageTitle("Page not found") }];
}

// Rendered inside the site layout, whose <main> holds it.
export default function NotFoundPage() {
  return (
    <div className="page-error">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
