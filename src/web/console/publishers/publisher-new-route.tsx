import { useState } from "react";
import { Link } from "react-router";
import { consoleTitle } from "../console-nav.ts";
import { ShownOnce } from "../partner-keys/shown-once.tsx";
import { PublisherForm } from "./publisher-form.tsx";
import publishersStylesheet from "./publishers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: publishersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("New publisher") }];
}

// A new publisher; once added, its postback secret is shown this once.
export default function PublisherNewRoute() {
  const [made, setMade] = useState<{ id: string; name: string; secret: string; message: string }>();
  if (made)
    return (
      <>
        <h1>{made.name}</h1>
        <p role="status">{made.message}</p>
        <ShownOnce title="Postback secret" value={made.secret} />
        <p>
          <Link to={`/console/publishers/${encodeURIComponent(made.id)}`}>Go to {made.name}</Link>
        </p>
      </>
    );
  return (
    <>
      <h1>Add a publisher</h1>
      <p>
        <Link to="/console/publishers">All publishers</Link>
      </p>
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
