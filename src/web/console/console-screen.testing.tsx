import { render, screen, waitFor } from "@testing-library/react";
import type { ComponentType, ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { expect, vi } from "vitest";
import { permissionsOf, type OperatorRole } from "#domain/console/roles.ts";
import { ConsoleSessionContext, type ConsoleContext } from "./console-session.tsx";
import { ConsoleMantine } from "./console-shell.tsx";
import type { ConsoleData } from "./use-console-data.ts";

// For the screens' tests: one console screen (its route `path`, opened at `address`), signed in with a role, the server answering each
// API path as the test says (a thrown error is a network failure; an unlisted path is 404).

export type ServerAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

export function consoleContextOf(role: OperatorRole, timeZone = "UTC"): ConsoleContext {
  return {
    session: {
      operator: { id: "o1", email: `${role}@example.com`, name: `A ${role}`, role },
      permissions: permissionsOf(role),
      csrf_token: "t",
      idle_minutes: 30,
      recovery_codes_low: false,
      time_zone: null,
    },
    timeZone,
    setTimeZone: () => {},
    signOut: async () => {},
  };
}

export function stubServer(answers: Record<string, ServerAnswer>) {
  const fetch = vi.fn(async (url: string) => {
    const answer = answers[new URL(url, "http://console.test").pathname];
    if (answer instanceof Error) throw answer;
    if (!answer) return Response.json({ status: 404, message: "Not found" }, { status: 404 });
    return Response.json(answer.body ?? {}, { status: answer.status, headers: answer.headers });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

export function showScreen(
  path: string,
  Screen: ComponentType,
  answers: Record<string, ServerAnswer>,
  role: OperatorRole = "owner",
  { address = path, timeZone = "UTC" }: { address?: string; timeZone?: string } = {},
) {
  const fetch = stubServer(answers);
  const context = consoleContextOf(role, timeZone);
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <ConsoleSessionContext value={context}>
          <Screen />
        </ConsoleSessionContext>
      ),
    },
  ]);
  render(
    <ConsoleMantine>
      <Stub initialEntries={[address]} />
    </ConsoleMantine>,
  );
  return fetch;
}

/** Renders a piece of the console (a view given its data directly) inside the console's theme, as the layout does. */
export const renderInConsole = (ui: ReactElement) => render(<ConsoleMantine>{ui}</ConsoleMantine>);

/** What every alert on screen says (a form's empty alert line left out). */
export const alertTexts = () =>
  screen
    .queryAllByRole("alert")
    .map((alert) => alert.textContent)
    .filter(Boolean);

export const serverError = { status: 500, body: { status: 500, message: "Something went wrong on our side." } };

const refused = { status: 403, body: { status: 403, message: "Your role does not allow this." } };

/** The failed reads every screen must explain: the server's error and a refusal, each with what it says. */
export const FAILED_READS = [
  { name: "the server's error (500)", answer: serverError, says: serverError.body.message },
  { name: "a refusal (403)", answer: refused, says: refused.body.message },
] as const;

/** Waits until a screen says it could not load `what` and why, with a way to try again, and no "Loading…". */
export async function expectLoadFailure(what: string, says: string) {
  await waitFor(() => expect(alertTexts()).toContain(`Could not load ${what}: ${says}Try again`));
  expect(screen.queryByText("Loading…")).toBeNull();
}

/** A read that has answered, for a view given one directly. */
export const loaded = (data: unknown): ConsoleData<unknown> => ({ state: "ready", data, reload: () => {} });
