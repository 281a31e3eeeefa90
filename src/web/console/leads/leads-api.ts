import type { z } from "zod";
import { consoleSessionAnswer, CSRF_HEADER, type ConsoleSession } from "#domain/contracts/console.ts";

// The Leads screens' calls to /api/console, parsed with the contracts. Stands in for the console shell's
// console-api.ts until it lands (then these calls use it).

export type Failure = { status: number; message: string; errors?: Record<string, string> };
export type Result<T> = { ok: true; data: T } | { ok: false; failure: Failure };

async function parse<S extends z.ZodType<{ data: unknown }>>(
  res: Response,
  schema: S,
): Promise<Result<z.output<S>["data"]>> {
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const failure = body as Partial<Failure>;
    return {
      ok: false,
      failure: { status: res.status, message: failure.message ?? "Something went wrong.", errors: failure.errors },
    };
  }
  return { ok: true, data: schema.parse(body).data };
}

export async function getJson<S extends z.ZodType<{ data: unknown }>>(url: string, schema: S) {
  return parse(await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } }), schema);
}

export async function postJson<S extends z.ZodType<{ data: unknown }>>(
  url: string,
  body: unknown,
  schema: S,
  csrf: string,
) {
  const res = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json", [CSRF_HEADER]: csrf },
    body: JSON.stringify(body),
  });
  return parse(res, schema);
}

export async function loadSession(): Promise<ConsoleSession | undefined> {
  const result = await getJson("/api/console/session", consoleSessionAnswer);
  return result.ok ? result.data : undefined;
}

/** A moment in the operator's time zone (the browser's, until the console's setting arrives). */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}
