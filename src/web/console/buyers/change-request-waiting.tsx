import { Alert, Anchor, Text } from "@mantine/core";
import { Fragment } from "react";
import { Link } from "react-router";
import { changeRequestListAnswer } from "#domain/contracts/console-change-requests.ts";
import { useConsoleData } from "../use-console-data.ts";

// Above the buyers list: how many change requests wait for a decision (docs/product/buyer-money.md#change-requests),
// and whose, each a link to the buyer's page where it is decided. A pointer only: nothing when none waits, and nothing
// when the read fails (the list below says what failed of its own, and the buyer's page shows the requests).
export function ChangeRequestsWaiting() {
  const pending = useConsoleData("/change-requests", changeRequestListAnswer, { state: "pending" });
  const requests = pending.state === "ready" ? pending.data.requests : [];
  if (requests.length === 0) return null;
  const byBuyer = new Map<string, { name: string; count: number }>();
  for (const r of requests) {
    const seen = byBuyer.get(r.buyer_id) ?? { name: r.buyer_name, count: 0 };
    byBuyer.set(r.buyer_id, { ...seen, count: seen.count + 1 });
  }
  const buyers = [...byBuyer.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name));
  return (
    <Alert color="yellow" variant="light" mb="md" title="Change requests waiting" role="note">
      <Text size="sm">
        {requests.length === 1 ? "1 change request waits" : `${requests.length} change requests wait`} for a decision:{" "}
        {buyers.map(([id, { name, count }], i) => (
          <Fragment key={id}>
            {i > 0 ? ", " : ""}
            <Anchor component={Link} to={`/console/buyers/${encodeURIComponent(id)}`} size="sm">
              {name}
            </Anchor>{" "}
            ({count})
          </Fragment>
        ))}
        .
      </Text>
    </Alert>
  );
}
