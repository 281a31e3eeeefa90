import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import { publisherClicks } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { createPublisher } from "../publishers/publisher-store.ts";

const acme: PublisherSettings = {
  id: "acme",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: null,
  enabled: true,
};

describe("tracking links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "6" });
    const cipher = new PiiCipher(t.secrets.piiKeyring);
    await createPublisher(t.database.db, cipher, acme);
    await createPublisher(t.database.db, cipher, { ...acme, id: "paused", aff_id: "P1", enabled: false });
  });
  afterAll(async () => {
    await t.app.close();
  });

  const click = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: "203.0.113.9" });
  const clicks = () => t.database.db.select().from(publisherClicks).orderBy(publisherClicks.sub1);

  it("counts the click and lands on / with the publisher's aff_id and the link's kept fields", async () => {
    const res = await click(
      "/r/acme?sub1=spring&sub2=a%20b&sub3=%3Cscript%3E&clickid=c-42&utm_source=fb&utm_medium=cpc&aff_id=someone-else&email=jane%40example.com",
    );
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, "http://site.test");
    expect(location.pathname).toBe("/");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      aff_id: "A100",
      aff_sub1: "spring",
      aff_sub2: "a b",
      clickid: "c-42",
      utm_source: "fb",
      utm_medium: "cpc",
    });
    await click("/r/acme?sub1=spring");
    await click("/r/acme");
    const today = new Date().toISOString().slice(0, 10);
    expect(await clicks()).toEqual([
      { publisherId: "acme", day: today, sub1: "", clicks: 1 },
      { publisherId: "acme", day: today, sub1: "spring", clicks: 2 },
    ]);
    expect(JSON.stringify(await clicks())).not.toContain("203.0.113.9");
  });

  it("an unknown or disabled publisher's visitor lands on / credited to no one, and no click is counted", async () => {
    const before = await clicks();
    for (const url of ["/r/nobody?sub1=x&clickid=c", "/r/paused?sub1=x", "/r/NOT%20AN%20ID"]) {
      const res = await click(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
    }
    expect(await clicks()).toEqual(before);
  });

  it("is rate-limited per visitor like the other public lookups", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await t.app.inject({ method: "GET", url: "/r/acme", remoteAddress: "198.51.100.7" })).statusCode);
    expect(codes.slice(0, 6).every((c) => c === 302)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
