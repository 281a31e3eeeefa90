import { Link } from "react-router";
import { pageTitle } from "#web/site/page-title.ts";

export function meta() {
  return [{ title: pageTitle("Page not found") }];
}

export default function NotFoundPage() {
  return (
    <main className="page-error">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
