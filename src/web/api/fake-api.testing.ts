import { vi } from "vitest";

export type FakeCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (call: FakeCall) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

// A stand-in for the server at the network layer (fetch), so the components and the typed API client run
// for real; each test says what each path answers and reads back what was sent.
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const call: FakeCall = {
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { status: 404, message: "Not found" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

const ZIPS: Record<string, { city: string; state: string; lat: number; long: number }> = {
  "90210": { city: "Beverly Hills", state: "CA", lat: 34.09, long: -118.41 },
  "10001": { city: "New York", state: "NY", lat: 40.75, long: -73.99 },
};

/** GET /api/personal_loan/zipcode as the server answers it, for the zips above. */
export const zipHandler: Handler = ({ query }) => {
  const place = ZIPS[query.get("zip") ?? ""];
  return place
    ? { status: 200, body: { status: 200, message: "ok", data: place } }
    : { status: 404, body: { status: 404, message: "We could not find that zip code." } };
};

/** GET /api/partners as the server answers it: an object whose keys are the partner names. */
export function partnersHandler(names: readonly string[]): Handler {
  return () => ({
    status: 200,
    body: { status: 200, message: "ok", data: Object.fromEntries(names.map((name) => [name, true])) },
  });
}
