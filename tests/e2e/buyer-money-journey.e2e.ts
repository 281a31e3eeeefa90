import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromBase32, hotp, totpStep } from "../../src/server/console/access/totp.ts";
import { startFakeHttpServer, type FakeHttpServer } from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import {
  signedSessionEvent,
  startFakeStripe,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type FakeStripe,
} from "../../src/server/partners/payments/payments.testing.ts";
import { postedApplication } from "../../src/server/partners/publisher-api/posted-lead.testing.ts";
import { startFakeSmtpServer } from "../../src/server/platform/mail/fake-smtp-server.testing.ts";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { createOwnerWithCommand, ownerCode, signInOnPage, type ConsoleOwner } from "./console-owner.ts";

// Issue 35's "done when", on a server of its own (docs/product/buyer-money.md), with fake buyers, a fake Stripe and a
// fake mail server; leads come through the publisher API, as the hub's trade sends them:
// - a buyer that times out five times in a row is paused by itself, and the owner is mailed;
// - a prepaid buyer with room for three leads (a payment the owner records) buys three and is not pinged for the fourth;
// - its user tops up in the portal, and the payment Stripe's webhook confirms reopens it: a Texas lead then costs it
//   more than a New York one, by its price rule;
// - its user signs in, sees its leads, files a return, downloads the month's invoice PDF and asks for a higher daily
//   cap, which the owner approves.

let browser: Browser;
let server: BuiltServer;
let dataDir: string;
let owner: ConsoleOwner;
let prepaidServer: FakeHttpServer;
let backupServer: FakeHttpServer;
let sleepyServer: FakeHttpServer;
let stripe: FakeStripe;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

/** The paths each fake buyer was sent, in order. */
const calls: Record<string, string[]> = { prepaid: [], backup: [], sleepy: [] };

function answeringBuyer(name: "prepaid" | "backup", bid: number): Promise<FakeHttpServer> {
  return startFakeHttpServer((request: IncomingMessage, response) => {
    request.resume();
    request.on("end", () => {
      calls[name]!.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          request.url === "/ping"
            ? { result: "accepted", price: bid, id: `${name}-ping` }
            : { result: "accepted", id: `${name}-sale`, offer: "https://lender.example/offer" },
        ),
      );
    });
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "loanpath-buyer-money-"));
  prepaidServer = await answeringBuyer("prepaid", 1);
  backupServer = await answeringBuyer("backup", 2);
  // Takes the post and never answers: each post times out.
  sleepyServer = await startFakeHttpServer((request) => {
    calls.sleepy!.push(request.url ?? "");
    request.resume();
  });
  stripe = await startFakeStripe();
  smtp = await startFakeSmtpServer();
  [owner, browser] = await Promise.all([createOwnerWithCommand(dataDir), launchBrowser()]);
  server = await startBuiltServer(
    {
      ...GENEROUS_RATE_LIMITS,
      PARTNERS_JOB_SECONDS: "1",
      SIMULATED_LENDERS: "off",
      STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SMTP_URL: smtp.url,
    },
    { dataDir },
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([prepaidServer?.close(), backupServer?.close(), sleepyServer?.close(), stripe?.close()]);
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The console's JSON API as a signed-in account: reads, and writes with its CSRF token. */
async function consoleApi(account: { email: string; password: string }, code: string) {
  const res = await fetch(`${server.baseURL}/api/console/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password, code }),
  });
  if (res.status !== 200) throw new Error(`console sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  const csrf = ((await res.json()) as { data: { csrf_token: string } }).data.csrf_token;
  const send = async (method: string, route: string, body?: unknown) => {
    const answer = await fetch(`${server.baseURL}/api/console${route}`, {
      method,
      headers: { cookie, "x-csrf-token": csrf, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as { data: Record<string, unknown> } & object };
  };
  return {
    get: (route: string) => send("GET", route),
    post: (route: string, body: unknown) => send("POST", route, body),
  };
}

/** A buyer of the plainest JSON dialect at `server`: its ping and post, any lead. */
function buyerConfig(id: string, server: FakeHttpServer, more: Record<string, unknown>) {
  const answer = {
    success: { path: "result", equals: ["accepted"] },
    price: "price",
    id: "id",
    redirectUrl: "offer",
  };
  return {
    id,
    name: `${id[0]!.toUpperCase()}${id.slice(1)} Lending`,
    kind: "lead_buyer",
    mode: "ping_post",
    protocol: "json",
    ping: { url: `${server.url}/ping`, fields: [{ to: "state", from: "state" }], answer },
    post: {
      url: `${server.url}/post`,
      fields: [
        { to: "lead_id", from: "lead_id" },
        { to: "email", from: "email" },
      ],
      answer,
    },
    pricing: { kind: "bid" },
    testMode: "both",
    timeoutMs: 5_000,
    ...more,
  };
}

const TEXAS = { state: "TX", zip: "78701", city: "Austin" };

describe("buyers who pay and see for themselves", () => {
  it("holds a prepaid buyer to its room, reopens it on a Stripe payment, prices by state, pauses a failing buyer and serves the buyer's portal", async () => {
    const base = server.baseURL;
    const ownerApi = await consoleApi(owner, owner.recoveryCodes[0]!);

    // The network: a buyer that never answers its posts (it bids highest, so it is posted first), a prepaid buyer at
    // $10 a lead ($15 in Texas) with no money yet, and a backup that buys what the others do not.
    const added = [
      buyerConfig("sleepy", sleepyServer, {
        mode: "direct_post",
        ping: undefined,
        pricing: { kind: "fixed", price: 50 },
        timeoutMs: 300,
        pauseAfterPostErrors: 5,
      }),
      buyerConfig("prepaid", prepaidServer, {
        pricing: { kind: "fixed", price: 10, rules: [{ states: ["TX"], price: 15 }] },
        billing: { kind: "prepaid", email: "billing@prepaid.example" },
      }),
      buyerConfig("backup", backupServer, {}),
    ];
    for (const config of added) {
      const res = await ownerApi.post("/buyers", { config, note: "issue 35" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const publisher = await ownerApi.post("/publishers", {
      id: "hub-media",
      name: "Hub Media",
      aff_id: "HUB1",
      payout_kind: "per_sold",
      payout_amount: 100,
      hold_days: 0,
      postback_url: null,
      enabled: true,
    });
    expect(publisher.status, JSON.stringify(publisher.body)).toBe(201);
    const issued = await ownerApi.post("/publishers/hub-media/api-keys", { label: "lead posts" });
    const key = issued.body.data.key as string;
    let n = 0;
    const postLead = async (overrides: Record<string, unknown> = {}) => {
      n += 1;
      const res = await fetch(`${base}/api/publisher/v1/leads`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(postedApplication(350 + n, overrides)),
      });
      const body = (await res.json()) as { status: string; lead_id: string };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body;
    };
    const credited = async () =>
      ((await ownerApi.get("/buyers/prepaid/account")).body.data as { account: { credited_cents: number } }).account
        .credited_cents;

    // 1. Five leads in a row: the sleepy buyer's post times out each time, the backup buys, and the fifth failure
    // pauses the sleepy buyer and mails the owner.
    for (let i = 0; i < 5; i++) expect((await postLead()).status).toBe("sold");
    expect(calls.sleepy!.filter((p) => p === "/post")).toHaveLength(5);
    const sleepy = await ownerApi.get("/buyers/sleepy");
    expect((sleepy.body.data as { config: { enabled: boolean } }).config.enabled).toBe(false);
    await expect
      .poll(() => smtp.received.some((m) => /paused after 5 failed posts/.test(m.data)), { timeout: 60_000 })
      .toBe(true);
    expect(smtp.received.find((m) => /paused after 5 failed posts/.test(m.data))!.to).toEqual([owner.email]);
    // Nobody paid for the prepaid buyer yet: it was never pinged.
    expect(calls.prepaid).toEqual([]);

    // 2. The owner records a $30 payment on the buyer's page: room for three leads at $10.
    const ownerSide = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const page = ownerSide.page;
    await signInOnPage(page, base, owner, ownerCode(owner), "/console/buyers/prepaid");
    const payment = page.getByRole("form", { name: "Record a payment" });
    await payment.getByLabel("Amount in dollars").fill("30");
    await payment.getByLabel("Reference").fill("wire 2026-12-07");
    await payment.getByLabel("Day the money arrived").fill(new Date().toISOString().slice(0, 10));
    await payment.getByRole("button", { name: "Record the payment" }).click();
    await expect.poll(credited, { timeout: 20_000 }).toBe(3_000);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 3. Four New York leads: three sold to the prepaid buyer, and the fourth finds it out of money, unpinged.
    const bought: string[] = [];
    for (let i = 0; i < 4; i++) {
      const lead = await postLead();
      expect(lead.status).toBe("sold");
      bought.push(lead.lead_id);
    }
    expect(calls.prepaid!.filter((p) => p === "/ping")).toHaveLength(3);
    expect(calls.prepaid!.filter((p) => p === "/post")).toHaveLength(3);

    // 4. Its user: made by the owner, signs in on the portal's own form.
    const made = await ownerApi.post("/operators", {
      email: "ana@prepaid.example",
      name: "Ana Prepaid",
      role: "buyer",
      buyer_id: "prepaid",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const user = {
      email: "ana@prepaid.example",
      password: made.body.data.password as string,
      totpKey: made.body.data.totp_secret as string,
      recoveryCodes: made.body.data.recovery_codes as string[],
    };
    const userSide = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const portal = userSide.page;
    await signInOnPage(
      portal,
      base,
      user,
      hotp(fromBase32(user.totpKey), totpStep(Date.now())),
      "/console/portal/balance",
    );

    // It tops up $50 through Stripe; Stripe's webhook confirms the payment and the buyer has room again.
    const topUp = portal.getByRole("form", { name: "Amount to add" });
    await topUp.getByLabel("Amount in dollars").fill("50");
    await topUp.getByRole("button", { name: "Go on to pay" }).click();
    await portal.getByRole("link", { name: "Pay on Stripe's page" }).waitFor();
    const session = stripe.requests.at(-1)!;
    expect(session.form.get("metadata[buyer_id]")).toBe("prepaid");
    const event = signedSessionEvent({ id: "cs_test_fake1", buyerId: "prepaid", amountCents: 5_000 });
    const delivered = await fetch(`${base}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      body: event.body,
    });
    expect(delivered.status).toBe(200);
    expect(await credited()).toBe(8_000);
    const texas = await postLead(TEXAS);
    const newYork = await postLead();
    expect(calls.prepaid!.filter((p) => p === "/post")).toHaveLength(5);
    const account = await ownerApi.get("/buyers/prepaid/account");
    // $30 + $50 paid; three New York leads, one Texas lead at $15 and one more New York lead at $10 charged.
    expect(account.body.data).toMatchObject({
      account: expect.objectContaining({ credited_cents: 8_000, charged_cents: 5_500 }),
    });
    expect(texas.status).toBe("sold");
    expect(newYork.status).toBe("sold");

    // 5. The portal: its leads, one opened, a return filed, the month's invoice so far, a higher daily cap asked for.
    await portal.goto(`${base}/console/portal/leads`);
    const leads = portal.getByRole("table", { name: /^Leads sold to you/ });
    await expect.poll(() => leads.getByRole("row").count(), { timeout: 20_000 }).toBe(6);
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await portal.goto(`${base}/console/portal/leads/${bought[0]}`);
    await portal.getByRole("button", { name: "Show the lead's details" }).click();
    await portal
      .getByText(/@example\.com/)
      .first()
      .waitFor();

    await portal.goto(`${base}/console/portal/returns`);
    const returnForm = portal.getByRole("form", { name: "File a return" });
    await returnForm.getByLabel("Lead id").fill(bought[0]!);
    await returnForm.getByLabel("Reason").selectOption("wrong_number");
    await returnForm.getByLabel("Note").fill("The number belongs to someone else.");
    await returnForm.getByRole("button", { name: "File the return" }).click();
    await expect.poll(() => portal.getByText(/Return received/i).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await seriousA11yViolations(portal)).toEqual([]);

    await portal.goto(`${base}/console/portal/invoices`);
    const download = await portal.request.get(`${base}/api/console/portal/invoices/draft/pdf`);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await seriousA11yViolations(portal)).toEqual([]);

    await portal.goto(`${base}/console/portal/changes`);
    await portal.getByLabel("Daily cap").fill("40");
    await portal.getByLabel("What you ask for, and why").fill("We hired two more loan officers.");
    await portal.getByRole("button", { name: "Send the request" }).click();
    await portal.getByText("Request sent. It takes effect once an operator approves it.").waitFor();
    const pending = await ownerApi.get("/change-requests?state=pending&buyer=prepaid");
    expect((pending.body.data as { requests: unknown[] }).requests).toHaveLength(1);
    expect(await seriousA11yViolations(portal)).toEqual([]);

    // 6. The owner approves it on the buyer's page: the cap is in force as a new version.
    await page.goto(`${base}/console/buyers/prepaid`);
    const decide = page.getByRole("group", { name: /^Decide the request/ });
    await decide.getByLabel("Note").fill("Approved for December.");
    await decide.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(
        async () =>
          ((await ownerApi.get("/buyers/prepaid")).body.data as { config: { caps: { daily?: number } } }).config.caps
            .daily,
        {
          timeout: 20_000,
        },
      )
      .toBe(40);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await Promise.all([ownerSide.context.close(), userSide.context.close()]);
  });
});
