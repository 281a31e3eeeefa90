import { Button } from "@mantine/core";
import { Link, useNavigate } from "react-router";
import { consoleTitle } from "../console-nav.ts";
import { PageHeader } from "../ui/page-header.tsx";
import { BuyerForm } from "./buyer-form.tsx";
import { usePublisherChoices } from "./publisher-list-table.tsx";
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
  const publishers = usePublisherChoices();
  return (
    <>
      <PageHeader
        title="Add a buyer"
        description="Saved as its version 1; then test it from its page before it takes live leads."
        actions={
          <Button component={Link} to="/console/buyers" variant="default">
            All buyers
          </Button>
        }
      />
      <BuyerForm
        publishers={publishers}
        onSaved={(saved) => void navigate(`/console/buyers/${encodeURIComponent(saved.id)}`)}
      />
    </>
  );
}
