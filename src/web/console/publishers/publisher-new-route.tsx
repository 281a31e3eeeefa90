import { Button, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { consoleTitle } from "../console-nav.ts";
import { ShownOnce } from "../partner-keys/shown-once.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { PublisherForm } from "./publisher-form.tsx";

export function meta() {
  return [{ title: consoleTitle("New publisher") }];
}

const allPublishers = (
  <Button component={Link} to="/console/publishers" variant="default">
    All publishers
  </Button>
);

// A new publisher; once added, its postback secret is shown this once.
export default function PublisherNewRoute() {
  const [made, setMade] = useState<{ id: string; name: string; secret: string; message: string }>();
  if (made)
    return (
      <>
        <PageHeader title={made.name} description="The publisher is added." actions={allPublishers} />
        <Text role="status" size="sm">
          {made.message}
        </Text>
        <ShownOnce title="Postback secret" value={made.secret} />
        <Button component={Link} to={`/console/publishers/${encodeURIComponent(made.id)}`}>
          Go to {made.name}
        </Button>
      </>
    );
  return (
    <>
      <PageHeader
        title="Add a publisher"
        description="Its settings; once added, it gets a tracking link and a postback secret shown this once."
        actions={allPublishers}
      />
      <PublisherForm
        onSaved={(saved) =>
          setMade({
            id: saved.publisher.id,
            name: saved.publisher.name,
            secret: saved.postbackSecret ?? "",
            message: saved.message,
          })
        }
      />
    </>
  );
}
