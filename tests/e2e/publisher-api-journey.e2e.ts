import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHttpServer, type FakeHttpServer } from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import { pingOf, postedApplication } from "../../src/server/partners/publisher-api/posted-lead.testing.ts";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { createOwnerWithCommand, ownerCode, signInOnPage, type ConsoleOwner } from "./console-owner.ts";
import { fillNewBuyerForm } from "./console-buyer-form.ts";

// Issue 33's "done when", on a server of its own with a fake buyer and fake publishers, each call as
// docs/guides/publisher-integration.md tells a publisher to make it: the owner adds two publishers and their keys; the
// first pings, gets a price, posts under its ping id, and its visitor lands on the winning buyer's offer; the second
// posts the same person and is told duplicate; a retry storm with one Idempotency-Key makes one lead; a post without
// consent is refused; the first publisher's postback, receipt and statement show its sales; Today shows them by source.

let browser: Browser;
let server: BuiltServer;
let dataDir: string;
let owner: ConsoleOwner;
let buyerServer: FakeHttpServer;
let publisherServer: FakeHttpServer;

const SERVER_ENV = { ...GENEROUS_RATE_LIMITS, PARTNERS_JOB_SECONDS: "1", POSTBACK_RETRY_SECONDS: "1" };
const NORTH = { id: "north-media", name: "North Media", affId: "NORTH1" };
const SOUTH = { id: "south-media", name: "South Media", affId: "SOUTH1" };
/** The buyer's bid, and the publishers' 40% of it. */
const BID_DOLLARS = 40;
const PAYOUT_CENTS = 1_600;

const postbacks: URLSearchParams[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-publisher-api-"));
  buyerServer = await startFakeHttpServer((request: IncomingMessage, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url === "/offer") {
        response.writeHead(200, { "content-type": "text/html" });
        response.end("<!doctype html><title>Hub Lending offer</title><h1>Your Hub Lending offer</h1>");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          request.url === "/ping"
            ? { result: "accepted", price: BID_DOLLARS, id: "hub-ping-1" }
            : { result: "accepted", id: "hub-sale-1", offer: `${buyerServer.url}/offer` },
        ),
      );
    });
  });
  publisherServer = await startFakeHttpServer((request, response) => {
    postbacks.push(new URL(request.url ?? "", publisherServer.url).searchParams);
    response.writeHead(200).end("OK");
  });
  [owner, browser] = await Promise.all([createOwnerWithCommand(dataDir), launchBrowser()]);
  server = await startBuiltServer(SERVER_ENV, { dataDir });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await buyerServer?.close();
  await publisherServer?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What a screen shown once holds: the secret or key in its code element. */
async function shownOnce(page: Page, title: string): Promise<string> {
  const code = page.getByRole("region", { name: title }).locator("code");
  await code.waitFor();
  return (await code.textContent())!.trim();
}

/** The text of each cell of the table row that holds `text`. */
async function cellsOfRow(table: Locator, text: string): Promise<string[]> {
  const row = table.getByRole("row").filter({ hasText: text });
  await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
  return row.getByRole("cell").allTextContents();
}

/** Adds a publisher paid 40% of each sale in the console's form, and issues it a key: the key. */
async function addPublisher(page: Page, publisher: typeof NORTH, postbackUrl?: string): Promise<string> {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Publishers" }).click();
  await page.getByRole("link", { name: "Add publisher" }).click();
  const form = page.getByRole("form", { name: "New publisher" });
  await form.getByLabel("Id", { exact: true }).fill(publisher.id);
  await form.getByLabel("Name", { exact: true }).fill(publisher.name);
  await form.getByLabel("aff_id").fill(publisher.affId);
  await form.getByLabel("Payout rule").selectOption("revenue_share");
  await form.getByLabel("Payout", { exact: true }).fill("40%");
  if (postbackUrl) await form.getByLabel("Postback address").fill(postbackUrl);
  await form.getByRole("button", { name: "Add publisher" }).click();
  await shownOnce(page, "Postback secret");
  await page.getByRole("link", { name: `Go to ${publisher.name}` }).click();
  await page.getByRole("heading", { name: publisher.name, level: 1 }).waitFor();
  await page.getByLabel("Label of a new key").fill("lead posts");
  await page.getByRole("button", { name: "Issue a key" }).click();
  const key = await shownOnce(page, "The new API key");
  expect(key).toMatch(/^lpp_/);
  return key;
}

/** A call to the publisher API as the guide shows it: JSON, the publisher's key, an optional Idempotency-Key. */
async function call(key: string, route: string, body: unknown, idempotencyKey?: string) {
  const res = await fetch(`${server.baseURL}/api/publisher/v1/${route}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("leads posted by publishers, through the publisher API", () => {
  it("pings, posts, redirects, refuses duplicates and unconsented leads, and pays, posts back and states", async () => {
    const base = server.baseURL;
    const ownerSide = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const page = ownerSide.page;
    await signInOnPage(page, base, owner, ownerCode(owner), "/console/buyers/new");
    await fillNewBuyerForm(page, {
      id: "hub-lending",
      name: "Hub Lending",
      pingUrl: `${buyerServer.url}/ping`,
      postUrl: `${buyerServer.url}/post`,
      testMode: "live",
    });
    await page.getByRole("heading", { name: "Hub Lending" }).waitFor();
    const north = await addPublisher(
      page,
      NORTH,
      `${publisherServer.url}/postback?event={event}&lead={lead_id}&clickid={clickid}&payout={payout}`,
    );
    const south = await addPublisher(page, SOUTH);

    // 1. North pings with the lead's ping fields, is offered 40% of the $40 bid, and posts the whole lead under it.
    const lead = postedApplication(1, { sub1: "winter", click_id: "north-click-1" });
    const ping = await call(north, "ping", { ...pingOf(lead), sub1: "winter", click_id: "north-click-1" });
    expect(ping.status).toBe(200);
    expect(ping.body).toMatchObject({ status: "offered", payout_cents: PAYOUT_CENTS, test: false });
    const sold = await call(north, "post", { ...lead, ping_id: ping.body.ping_id }, "north-order-1");
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ status: "sold", payout_cents: PAYOUT_CENTS });
    const soldLead = sold.body.lead_id as string;

    // Its visitor, sent to the redirect it was given, lands on the buyer's offer.
    const visitor = await openPage(browser, { viewport: { width: 375, height: 667 } });
    await visitor.page.goto(sold.body.redirect_url as string);
    await visitor.page.getByRole("heading", { name: "Your Hub Lending offer" }).waitFor();
    await visitor.context.close();

    // 2. South posts the same person: the first source keeps them.
    const again = await call(south, "leads", { ...lead, sub1: "other" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "rejected", reason: "duplicate" });

    // 3. A retry storm: twenty posts of one lead at once under one Idempotency-Key answer for one lead, sold once.
    const stormLead = postedApplication(2, { click_id: "north-click-2" });
    const storm = await Promise.all(Array.from({ length: 20 }, () => call(north, "leads", stormLead, "north-order-2")));
    const stormIds = new Set(storm.map((r) => r.body.lead_id));
    expect(stormIds.size).toBe(1);
    expect(storm.every((r) => r.status === 200 && r.body.status === "sold")).toBe(true);

    // 4. A lead without consent evidence is refused, by field.
    const { consent_text: _text, consent_at: _at, ...unconsented } = postedApplication(3);
    const refused = await call(north, "leads", unconsented);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("invalid_fields");
    expect(Object.keys(refused.body.errors as object)).toEqual(expect.arrayContaining(["consent_text", "consent_at"]));

    // 5. North's postbacks: each sale once, with its click id and 40% of the bid.
    const soldPostbacks = () => postbacks.filter((p) => p.get("event") === "sold");
    await expect.poll(() => soldPostbacks().length, { timeout: 30_000 }).toBe(2);
    const first = soldPostbacks().find((p) => p.get("lead") === soldLead)!;
    expect(first.get("clickid")).toBe("north-click-1");
    expect(first.get("payout")).toBe((PAYOUT_CENTS / 100).toFixed(2));

    // Its receipt for the ping-post sale verifies against the chain head, with its own key.
    const verified = await promisify(execFile)(
      process.execPath,
      ["scripts/verify-receipt.ts", "--url", base, "--lead", soldLead],
      { env: { ...process.env, LOANPATH_API_KEY: north } },
    );
    expect(verified.stdout).toMatch(new RegExp(`^OK: lead ${soldLead}: payout_earned ${PAYOUT_CENTS} `));

    // 6. The month's statement: two payouts earned by North; Today tells the posted leads by their source.
    const nav = page.getByRole("navigation", { name: "Console" });
    await nav.getByRole("link", { name: "Statements" }).click();
    const publishers = page.getByRole("table", { name: /^Publishers' statements/ });
    const northRow = await cellsOfRow(publishers, NORTH.id);
    expect(northRow.slice(0, 4)).toEqual([NORTH.name, NORTH.id, "2", `$${((2 * PAYOUT_CENTS) / 100).toFixed(2)}`]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await nav.getByRole("link", { name: "Today" }).click();
    const bySource = page.getByRole("table", { name: /^By traffic source/ });
    // The posted leads under their source, by publisher and sub id: North's ping-post sale, South's duplicate.
    expect((await cellsOfRow(bySource, "winter")).slice(0, 3)).toEqual(["publisher post", NORTH.affId, "winter"]);
    expect((await cellsOfRow(bySource, SOUTH.affId)).slice(0, 3)).toEqual(["publisher post", SOUTH.affId, "other"]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await ownerSide.context.close();
  });
});
