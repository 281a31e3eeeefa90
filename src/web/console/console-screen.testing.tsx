import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { vi } from "vitest";
import { permissionsOf, type OperatorRole } from "#domain/console/roles.ts";
import { ConsoleSessionContext, type ConsoleContext } from "./console-session.tsx";

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
  render(<Stub initialEntries={[address]} />);
  return fetch;
}

/** What every alert on screen says (a form's empty alert line left out). */
export const alertTexts = () =>
  screen
    .queryAllByRole("alert")
    .map((alert) => alert.textContent)
    .filter(Boolean);

export const serverError = { status: 500, body: { status: 500, message: "Something went wrong on our side." } };
