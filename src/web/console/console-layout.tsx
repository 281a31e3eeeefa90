import { useCallback, useEffect, useMemo, useState } from "react";
import { Alert, Button, Container, Title } from "@mantine/core";
import { Outlet, useLocation } from "react-router";
import { consoleSessionProbeAnswer, type ConsoleSession } from "#domain/contracts/console.ts";
import { consoleApi, setCsrfToken, whenSignedOut } from "./console-api.ts";
import { CONSOLE_NAV, pagePermission } from "./console-nav.ts";
import { ConsoleMantine, ConsoleShell } from "./console-shell.tsx";
import { LoadingSkeleton } from "./load-state.tsx";
import { ConsoleSessionContext, type ConsoleContext } from "./console-session.tsx";
import { RoleRefusal } from "./role-refusal.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { saveTimeZone, savedTimeZone } from "./time.ts";
import consoleStylesheet from "./console.css?url";

export function links() {
  return [{ rel: "stylesheet", href: consoleStylesheet }];
}

const SESSION_ENDED = "Your session ended. Sign in again to go on.";

// Every /console page: the sign-in form until the server knows the operator, then the navigation their role
// may use and the page (docs/decisions/0034-operator-console.md). The server checks every request itself;
// hiding a link is only for the eye.
export default function ConsoleLayout() {
  return (
    <ConsoleMantine>
      <ConsoleGate />
    </ConsoleMantine>
  );
}

function ConsoleGate() {
  const [session, setSession] = useState<ConsoleSession | null | undefined>(undefined);
  const [notice, setNotice] = useState<string>();
  const [timeZone, setZone] = useState(savedTimeZone);
  /** Why the server could not say who is signed in (the rate limit, no connection): no sign-in form for that. */
  const [probeFailure, setProbeFailure] = useState<string>();
  const { pathname } = useLocation();

  const accept = useCallback((next: ConsoleSession | null) => {
    setCsrfToken(next?.csrf_token ?? "");
    // The zone kept on the account wins over this browser's: the operator reads the same days everywhere.
    if (next?.time_zone) {
      saveTimeZone(next.time_zone);
      setZone(next.time_zone);
    }
    setSession(next);
  }, []);

  const probe = useCallback(() => {
    setProbeFailure(undefined);
    void consoleApi.get("/session", consoleSessionProbeAnswer).then((res) => {
      // Only the server's "no session" (an answer of null) shows the sign-in form; a 429 or an outage signs no one out.
      if (res.ok) accept(res.data);
      else setProbeFailure(res.message);
    });
  }, [accept]);

  useEffect(() => {
    whenSignedOut(() => {
      setNotice(SESSION_ENDED);
      accept(null);
    });
    probe();
  }, [accept, probe]);

  const context = useMemo<ConsoleContext | null>(
    () =>
      session
        ? {
            session,
            timeZone,
            setTimeZone: (zone) => {
              saveTimeZone(zone);
              setZone(zone);
              // Kept on the account too; if that fails, this browser still keeps it.
              void consoleApi.send("PUT", "/session/time-zone", { time_zone: zone });
            },
            signOut: async () => {
              await consoleApi.send("DELETE", "/session", undefined);
              setNotice("You are signed out.");
              accept(null);
            },
          }
        : null,
    [session, timeZone, accept],
  );

  if (session === undefined && probeFailure !== undefined)
    return (
      <Container component="main" id="console-main" size="sm" py="xl">
        <Title order={1} mb="md">
          Loanpath console
        </Title>
        <Alert color="red" variant="light" role="alert" mb="md">
          Could not open the console: {probeFailure}
        </Alert>
        <Button onClick={probe}>Try again</Button>
      </Container>
    );
  if (session === undefined)
    return (
      <Container component="main" id="console-main" size="sm" py="xl">
        <LoadingSkeleton />
      </Container>
    );
  if (!context) return <SignInForm notice={notice} onSignedIn={(next) => accept(next)} />;

  const nav = CONSOLE_NAV.filter((item) => context.session.permissions.includes(item.permission));
  // Every screen follows the role table, opened from the navigation or by its address.
  const needed = pagePermission(pathname);
  const refused = needed !== undefined && !context.session.permissions.includes(needed);
  return (
    <ConsoleSessionContext value={context}>
      <ConsoleShell nav={nav} context={context}>
        {context.session.recovery_codes_low ? (
          <Alert color="yellow" variant="light" role="status" mb="md">
            Fewer than three recovery codes are left on your account. Ask an owner for new ones.
          </Alert>
        ) : null}
        {refused ? <RoleRefusal role={context.session.operator.role} /> : <Outlet />}
      </ConsoleShell>
    </ConsoleSessionContext>
  );
}
