import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import type { AddressQuery, AddressSuggester } from "./address-suggester.ts";
import { neverTimesOut, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import { json, startFakeHttpServer, thenStall, type FakeHttpServer } from "./fake-http-server.testing.ts";
import { createGeoapifyAddressSuggester } from "./geoapify-address-suggester.ts";
import type { ZipDirectory } from "./zip-directory.ts";

const zips: ZipDirectory = {
  lookup: (zip) =>
    zip === "90210" ? { zip, city: "Beverly Hills", state: "CA", lat: 34.0901, long: -118.4065 } : undefined,
};
const KEY = "geo-secret-key-123";
const query: AddressQuery = { zip: "90210", address: "123 main", maxResults: 5 };
/** A fallback that answers one address of its own, so a test sees when it was asked. */
const offline: AddressSuggester = {
  suggest: async (q) => [{ address: `fallback for ${q.address}`, city: "Beverly Hills", state: "CA", zip: q.zip }],
};

const goodAnswer = {
  results: [
    {
      address_line1: "123 Main Street",
      address_line2: "Santa Monica, CA 90405, United States of America",
      city: "Santa Monica",
      state_code: "ca",
      postcode: "90405",
      lat: 34.0,
      lon: -118.4,
    },
    { address_line1: "123 Main Avenue", city: "Beverly Hills", state_code: "CA", postcode: "90210-1234" },
    { address_line1: "123 Main Avenue", city: "Beverly Hills", state_code: "CA", postcode: "90210" },
    { address_line1: "Main Street", city: "Somewhere" }, // no state or zip: skipped
    "not an object",
  ],
};

describe("Geoapify address suggester", () => {
  let fake: FakeHttpServer;
  let warnings: { obj: Record<string, unknown>; msg: string }[];
  const log = { warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg }) };

  // No wall-clock timeout but in the timeout's own test: after a stall, a due timer runs before an answer that
  // came is read (docs/decisions/0046-tests-under-load.md).
  const suggester = (timeout = neverTimesOut) =>
    createGeoapifyAddressSuggester({
      fetch: loopbackFetch(),
      baseUrl: `${fake.url}/v1/geocode/autocomplete`,
      apiKey: KEY,
      timeoutMs: 1500,
      timeout,
      zips,
      fallback: offline,
      log,
    });

  beforeEach(async () => {
    warnings = [];
    fake = await startFakeHttpServer();
  });
  afterEach(async () => {
    await fake.close();
  });

  it("asks for US addresses near the zip and answers the service's results, typed zip first", async () => {
    // Then the process is not run for longer than the 1.5 s timeout: the answer that came still counts.
    fake.answer(thenStall(1_600, json(200, goodAnswer)));
    const suggestions = await suggester().suggest(query);

    expect(suggestions).toEqual([
      { address: "123 Main Avenue", city: "Beverly Hills", state: "CA", zip: "90210" },
      { address: "123 Main Street", city: "Santa Monica", state: "CA", zip: "90405" },
    ]);
    const sent = new URL(fake.requests[0]!.url, fake.url);
    expect(sent.pathname).toBe("/v1/geocode/autocomplete");
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      text: "123 main",
      filter: "countrycode:us",
      bias: "proximity:-118.4065,34.0901",
      limit: "5",
      format: "json",
      apiKey: KEY,
    });
    expect(warnings).toEqual([]);
  });

  it("prefers the visitor's own position for the bias", async () => {
    fake.answer(json(200, goodAnswer));
    await suggester().suggest({ ...query, lat: 40.5, long: -74.25, maxResults: 1 });
    const sent = new URL(fake.requests[0]!.url, fake.url).searchParams;
    expect(sent.get("bias")).toBe("proximity:-74.25,40.5");
    expect(sent.get("limit")).toBe("1");
  });

  it.each([
    ["a 500", json(500, { error: "boom" }), "HTTP 500"],
    ["a 401", json(401, { error: "bad key" }), "HTTP 401"],
    ["malformed JSON", json(200, "{ results: [ nope"), "invalid JSON"],
    ["an unexpected shape", json(200, { features: [] }), "unexpected answer"],
  ])("answers from the fallback on %s, without logging the key", async (_name, handler, reason) => {
    fake.answer(handler);
    const suggestions = await suggester().suggest(query);

    expect(suggestions).toEqual(await offline.suggest(query));
    expect(suggestions[0]?.address).toBe("fallback for 123 main");
    expect(warnings).toEqual([{ obj: expect.objectContaining({ reason }), msg: expect.any(String) }]);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
  });

  it("falls back when the service is too slow", async () => {
    // No answer comes; the call's timeout fires once the service has the request.
    const timedOut = timeoutFiredByTest();
    fake.answer(() => timedOut.fire());
    const suggestions = await suggester(timedOut.signal).suggest(query);

    expect(timedOut.asked).toEqual([1500]);
    expect(suggestions).toEqual(await offline.suggest(query));
    expect(warnings[0]?.obj).toMatchObject({ reason: "timeout" });
  });

  it("falls back when nothing listens", async () => {
    await fake.close();
    const suggestions = await suggester().suggest(query);
    expect(suggestions).toEqual(await offline.suggest(query));
    expect(warnings[0]?.obj).toMatchObject({ reason: "network error" });
    fake = await startFakeHttpServer();
  });

  it("answers from the fallback, quietly, when the service finds nothing", async () => {
    fake.answer(json(200, { results: [] }));
    expect(await suggester().suggest(query)).toEqual(await offline.suggest(query));
    expect(warnings).toEqual([]);
  });
});
