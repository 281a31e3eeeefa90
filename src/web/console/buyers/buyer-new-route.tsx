import { Link, useNavigate } from "react-router";
import { consoleTitle } from "../console-nav.ts";
import { BuyerForm } from "./buyer-form.tsx";
import buyersStylesheet from "./buyers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: buyersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("New buyer") }];
}

// A new buyer, saved as its version 1; then its page, where it can be tested and paused.
export default function BuyerNewRoute() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Add a buyer</h1>
      <p>
        <Link to="/console/buyers">All buyers</Link>
      </p>
      <BuyerForm onSaved={(saved) => void navigate(`/console/buyers/${encodeURIComponent(saved.id)}`)} />
    </>
  );
}
