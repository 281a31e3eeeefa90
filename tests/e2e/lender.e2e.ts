import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHttpServer, type FakeHttpServer } from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { applyAs, baseURL, heading, LONG, newPerson, PHONE, poll } from "./funnel-walk.ts";

// The lender network end to end (docs/product/lender-network.md): a finished application goes to the simulated
// lenders that start with the server, and the visitor arrives on the accepting lender's offer page; the same
// person applying again is a duplicate no lender is offered, and reaches the reject page. The simulated network
// always has a buyer that takes an ordinary applicant (a lead buyer without filters, and lenders for military
// and non-military alike), so the path where every lender is asked and says no runs on a server of its own
// whose only buyers (BUYERS_FILE, docs/product/lender-network.md#buyers) are fakes that decline.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A fake buyer on 127.0.0.1 answering its pings and posts with `answers`; it keeps the paths it was sent. */
async function fakeBuyer(answers: { ping: object; post: object }): Promise<FakeHttpServer> {
  return startFakeHttpServer((request: IncomingMessage, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(request.url === "/ping" ? answers.ping : answers.post));
    });
  });
}

/** One of the rejecting server's buyers, in the plainest JSON dialect, for any lead, test or live. */
function rejectingBuyer(id: string, server: FakeHttpServer) {
  const answer = { success: { path: "result", equals: ["accepted"] }, price: "price", reason: "reason" };
  return {
    id,
    name: `Declining ${id}`,
    kind: "lead_buyer",
    mode: "ping_post",
    protocol: "json",
    ping: { url: `${server.url}/ping`, fields: [{ to: "state", from: "state" }], answer },
    post: { url: `${server.url}/post`, fields: [{ to: "lead_id", from: "lead_id" }], answer },
    pricing: { kind: "bid" },
    testMode: "both",
    timeoutMs: 5_000,
  };
}

describe("lender network", () => {
  it(
    "takes a finished application at 375 px to a simulated lender's offer page, and the same person again to the reject page",
    async () => {
      const person = newPerson();
      const first = await openPage(browser, { viewport: PHONE });
      await applyAs(first.page, person);
      expect(await seriousA11yViolations(first.page)).toEqual([]);
      // The visitor arrives on the accepting lender's offer page (through /redirect, which keeps its address).
      await first.page.waitForURL((url) => !url.href.startsWith(baseURL), { timeout: 90_000 });
      expect(first.page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lenders\/[\w-]+\/offer\//);
      expect(await first.page.locator("body").textContent()).toMatch(/offer/i);
      expect(first.problems).toEqual([]);
      await first.context.close();

      const again = await openPage(browser, { viewport: PHONE });
      await applyAs(again.page, person, baseURL, { decidedAtOnce: true });
      // The server's reject address carries its duplicate window, which the page puts in words.
      await again.page.waitForURL(`${baseURL}/reject-page?repeat_after_days=30`, { timeout: 90_000 });
      await poll(() => heading(again.page).textContent()).toBe("Sorry, we were unable to connect you with a lender.");
      expect(await again.page.locator("main").textContent()).toContain("once in 30 days");
      expect(await seriousA11yViolations(again.page)).toEqual([]);
      expect(again.problems).toEqual([]);
      await again.context.close();
    },
    LONG,
  );

  describe("when every lender is asked and says no", () => {
    let declines: FakeHttpServer;
    let rejectsPost: FakeHttpServer;
    let rejecting: BuiltServer;
    let dir: string;
    beforeAll(async () => {
      // One buyer that declines at the ping, one that bids and then turns the application down.
      declines = await fakeBuyer({ ping: { result: "rejected", reason: "criteria" }, post: {} });
      rejectsPost = await fakeBuyer({
        ping: { result: "accepted", price: 20 },
        post: { result: "rejected", reason: "criteria" },
      });
      dir = await mkdtemp(path.join(tmpdir(), "loanpath-buyers-"));
      const file = path.join(dir, "buyers.json");
      await writeFile(
        file,
        JSON.stringify([rejectingBuyer("e2e-declines", declines), rejectingBuyer("e2e-rejects-post", rejectsPost)]),
      );
      rejecting = await startBuiltServer({ SIMULATED_LENDERS: "off", BUYERS_FILE: file });
    }, 150_000);
    afterAll(async () => {
      await rejecting?.stop();
      await Promise.all([declines?.close(), rejectsPost?.close()]);
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it(
      "takes the visitor to the reject page after the buyers were pinged and the bidder posted to",
      async () => {
        const { context, page, problems } = await openPage(browser, { viewport: PHONE });
        const sent: string[] = [];
        page.on("request", (r) => {
          if (r.url().endsWith("/api/personal_loan/lead/send/v2")) sent.push(r.postData() ?? "");
        });
        await applyAs(page, newPerson(), rejecting.baseURL);
        await page.waitForURL(`${rejecting.baseURL}/reject-page?repeat_after_days=30`, { timeout: 90_000 });
        await poll(() => heading(page).textContent()).toBe("Sorry, we were unable to connect you with a lender.");
        // The buyers were really asked: each was pinged once, and the one that bid was sent the application.
        expect(declines.requests.map((r) => r.url)).toEqual(["/ping"]);
        expect(rejectsPost.requests.map((r) => r.url)).toEqual(["/ping", "/post"]);
        // And the server's answer for this lead is a rejection with the product's reject page.
        expect(sent).toHaveLength(1);
        const leadId = (JSON.parse(sent[0]!) as { lead_id: string }).lead_id;
        const answer = await page.evaluate(async (id) => {
          const response = await fetch(`/api/ping/v2?lead_id=${encodeURIComponent(id)}`);
          return (await response.json()) as { data: { status: number; lead_id: string; rejectUrl?: string } };
        }, leadId);
        expect(answer.data).toEqual({ status: 2, lead_id: leadId, rejectUrl: "/reject-page?repeat_after_days=30" });
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      },
      LONG,
    );
  });

  it("shows each redirect page's text, and takes the visitor on to the stored lender's address", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    for (const [path, title] of [
      ["/redirect-upstart", "We've found the program for you!"],
      ["/redirect-upgrade", "We are sorry!"],
      ["/congratulations", "We've found the program for you!"],
      ["/redirect", "REDIRECTING..."],
    ] as const) {
      await page.goto(`${baseURL}${path}`);
      await poll(() => heading(page).textContent()).toBe(title);
      // Nothing stored in this browser: the page says so instead of going nowhere.
      await poll(() => page.getByRole("alert").textContent()).toContain("could not find the lender's page");
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await page.evaluate((target) => localStorage.setItem("redirectURL", target), `${baseURL}/partners`);
    await page.goto(`${baseURL}/redirect-upstart`);
    await page.waitForURL(`${baseURL}/partners`);
    await page.goto(`${baseURL}/reject-page`);
    await poll(() => heading(page).textContent()).toBe("Sorry, we were unable to connect you with a lender.");
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("leaves the redirect page out of the history: Back from the lender's page returns to the page before", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseURL}/privacy`);
    await page.evaluate((target) => localStorage.setItem("redirectURL", target), `${baseURL}/partners`);
    await page.goto(`${baseURL}/redirect`);
    await page.waitForURL(`${baseURL}/partners`);
    // Back lands before the redirect page, which would otherwise send the visitor on again 2 s later.
    await page.goBack();
    await page.waitForURL(`${baseURL}/privacy`);
    await poll(() => heading(page).textContent()).toBe("Privacy Policy");
    expect(problems).toEqual([]);
    await context.close();
  });
});
