import type { z } from "zod";
import { slowDownMessage } from "#domain/contracts/console.ts";

// The console's one way to the server (docs/decisions/0034-operator-console.md). Each answer is parsed with
// its zod contract from src/domain/contracts; every change carries the session's CSRF token. A 401 anywhere
// means the session ended (idle, revoked, signed out elsewhere): the layout shows the sign-in form again. A 429
// means only "not so fast": it says how long to wait and signs no one out (docs/decisions/0010-proxy-and-rate-limits.md).

export type ConsoleResult<T> =
  | { ok: true; status: number; message: string; data: T }
  | { ok: false; status: number; message: string; errors: Record<string, string> };

const CONSOLE_UNREACHABLE = "The server could not be reached. Check the connection and try again.";
/** Without a usable Retry-After, the rate limit's whole window. */
const DEFAULT_WAIT_SECONDS = 60;

function waitSeconds(response: Response): number {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_WAIT_SECONDS;
}

/** The sign-in throttle's 429 explains itself (failed tries); every other one is the console's rate limit. */
const isSignIn = (method: string, path: string) => method === "POST" && path === "/session";

let csrfToken = "";
let onSignedOut: () => void = () => {};

/** Set by the layout from the session answer, and cleared on sign-out. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

type Query = Record<string, string | number | undefined | null>;

function address(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  return `/api/console${path}${search.size ? `?${search}` : ""}`;
}

async function request<S extends z.ZodType>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  answer: S | null,
  options: { body?: unknown; text?: string; query?: Query; signal?: AbortSignal } = {},
): Promise<ConsoleResult<z.output<S> extends { data: infer D } ? D : undefined>> {
  type Data = z.output<S> extends { data: infer D } ? D : undefined;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.text !== undefined) headers["content-type"] = "text/plain";
  if (method !== "GET") headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(address(path, options.query), {
      method,
      headers,
      credentials: "same-origin",
      body: options.text ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch {
    return { ok: false, status: 0, message: CONSOLE_UNREACHABLE, errors: {} };
  }
  const json = (await response.json().catch(() => ({}))) as {
    message?: string;
    data?: unknown;
    errors?: Record<string, string>;
  };
  const message = json.message || response.statusText || `HTTP ${response.status}`;
  if (!response.ok) {
    if (response.status === 401 && path !== "/session") onSignedOut();
    const refusal =
      response.status === 429 && !isSignIn(method, path) ? slowDownMessage(waitSeconds(response)) : message;
    return { ok: false, status: response.status, message: refusal, errors: json.errors ?? {} };
  }
  if (!answer) return { ok: true, status: response.status, message, data: undefined as Data };
  const parsed = answer.safeParse(json);
  if (!parsed.success)
    return { ok: false, status: response.status, message: "The server's answer was not understood.", errors: {} };
  return { ok: true, status: response.status, message, data: (parsed.data as { data: Data }).data };
}

export const consoleApi = {
  get: <S extends z.ZodType>(path: string, answer: S, query?: Query, signal?: AbortSignal) =>
    request("GET", path, answer, { query, signal }),
  send: <S extends z.ZodType>(
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body: unknown,
    answer: S | null = null,
  ) => request(method, path, answer, { body }),
  /** A file's text as the body (text/plain): a screening list's upload, which the server reads line by line. */
  sendText: <S extends z.ZodType>(method: "PUT", path: string, text: string, answer: S) =>
    request(method, path, answer, { text }),
};
