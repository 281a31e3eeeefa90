import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { changeRequestAnswer, portalChangeRequestsAnswer } from "#domain/contracts/console-change-requests.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { formatDateTime } from "../time.ts";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ChangeRequestCard } from "../buyers/change-request-card.tsx";
import buyersStylesheet from "../buyers/buyers.css?url";
import { PortalChangeRequestForm } from "./portal-change-requests-form.tsx";
import { PortalTermsInForce } from "./portal-change-requests-terms.tsx";

export function links() {
  return [{ rel: "stylesheet", href: buyersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Change requests") }];
}

const STALE_FOR_BUYER =
  "Your terms changed since you asked, so this request cannot be approved as it is: withdraw it and ask again.";

// A buyer's change requests (docs/product/buyer-money.md#change-requests): its terms in force, a request for new ones,
// and its requests with how each stands and what it changes; one that waits can be withdrawn.
export default function PortalChangeRequestsRoute() {
  const { timeZone } = useConsole();
  const load = useConsoleData("/portal/change-requests", portalChangeRequestsAnswer);
  const [status, setStatus] = useState("");
  const listId = useId();
  const reload = load.reload;

  const withdraw = async (id: string) => {
    const res = await consoleApi.send(
      "POST",
      `/portal/change-requests/${encodeURIComponent(id)}/withdraw`,
      undefined,
      changeRequestAnswer,
    );
    setStatus(res.message);
    reload();
  };

  const data = load.data;
  return (
    <>
      <PageHeader
        title="Change requests"
        description={`Ask for new caps, budget or prices${data ? ` for ${data.buyer.name}` : ""}: they take effect once an operator approves them.`}
      />
      <LoadState load={load} what="your terms and requests" rows={8} />
      <Text role="status" size="sm" mih="1.25rem">
        {status}
      </Text>
      {data ? (
        <Stack gap="lg">
          <PortalTermsInForce terms={data.in_force} />
          <PortalChangeRequestForm
            // New terms in force are a new form: its fields start from them.
            key={data.in_force.version ?? 0}
            terms={data.in_force}
            onSent={(message) => {
              setStatus(message);
              reload();
            }}
          />
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby={listId}>
            <Title order={2} id={listId} mb="sm">
              Your requests
            </Title>
            {data.requests.length === 0 ? (
              <Text size="sm">
                No request yet: the ones you send are listed here with the operator&apos;s decision.
              </Text>
            ) : (
              <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
                {data.requests.map((request) => (
                  <ChangeRequestCard key={request.id} request={request} timeZone={timeZone} staleHint={STALE_FOR_BUYER}>
                    {request.state === "pending" ? (
                      <div>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Withdraw the request of ${formatDateTime(request.created_at, timeZone)}`}
                          onClick={() => void withdraw(request.id)}
                        >
                          Withdraw
                        </Button>
                      </div>
                    ) : null}
                  </ChangeRequestCard>
                ))}
              </Stack>
            )}
          </Paper>
        </Stack>
      ) : null}
    </>
  );
}
