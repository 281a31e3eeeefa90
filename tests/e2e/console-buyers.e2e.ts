import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  json,
  startFakeHttpServer,
  type FakeHttpServer,
} from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { fillCall } from "./console-buyer-form.ts";
import { consoleOwner, RECOVERY_CODES_OF, signInOnPage } from "./console-owner.ts";

// The console's buyers in Chromium against the real server: add a buyer in the form (the schema's message on a
// field first), send it a test lead from the test console, pause it and read the version that did. The fake
// buyer declines every ping and takes only test leads, so the other files' auctions never sell to it.
const baseURL = inject("baseURL");
const owner = consoleOwner();
let browser: Browser;
let fake: FakeHttpServer;

beforeAll(async () => {
  browser = await launchBrowser();
  fake = await startFakeHttpServer((request, response) =>
    json(200, request.url === "/ping" ? { result: "rejected" } : { result: "accepted", id: "e2e-1" })(
      request,
      response,
    ),
  );
});
afterAll(async () => {
  await browser?.close();
  await fake?.close();
});

describe("the console's buyers", () => {
  it("adds a buyer from the form, tests it against a fake buyer and pauses it", async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await signInOnPage(page, baseURL, owner, owner.recoveryCodes[RECOVERY_CODES_OF.buyers[0]]!, "/console/buyers");
    await page.getByRole("heading", { name: "Buyers", exact: true }).waitFor();
    await page.getByRole("table", { name: /Buyers, with today's figures/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Add buyer" }).click();
    const form = page.getByRole("form", { name: "New buyer" });
    await form.getByLabel("Id", { exact: true }).fill("e2e-fake");
    await form.getByLabel("Name", { exact: true }).fill("E2E Fake Lending");
    await form.getByLabel("Ping address").fill(`${fake.url}/ping`);
    await form.getByLabel("Post address").fill("ftp://fake.example/post");
    await form.getByLabel("Tier").fill("100");
    await form.getByLabel("Test mode").selectOption("test");
    await fillCall(form, "ping", { to: "state", from: "state" }, { priced: false });
    await fillCall(form, "post", { to: "email", from: "email" }, { priced: false });
    await form.getByRole("button", { name: "Add buyer" }).click();
    // The schema's own message, on its field, and focus there.
    const post = form.getByLabel("Post address");
    await expect.poll(() => post.getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByText("must be an http:// or https:// URL").count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await post.fill(`${fake.url}/post`);
    await form.getByRole("button", { name: "Add buyer" }).click();

    await page.getByRole("heading", { name: "E2E Fake Lending" }).waitFor();
    await page.getByRole("button", { name: "Send a test lead" }).click();
    const postExchange = page.getByRole("region", { name: "Post", exact: true });
    await postExchange.waitFor();
    expect(await postExchange.textContent()).toContain("HTTP 200");
    expect(await postExchange.textContent()).toContain("test.applicant@example.com");
    expect(fake.requests.map((r) => r.url)).toEqual(expect.arrayContaining(["/ping", "/post"]));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Pause buyer" }).click();
    await page.getByRole("button", { name: "Resume buyer" }).waitFor();
    const latest = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Version 2 (in force)" }) });
    await latest.waitFor();
    expect(await latest.getByRole("row", { name: /enabled/ }).textContent()).toContain("false");
    await latest.page().getByRole("button", { name: "Roll back to version 1" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "All buyers" }).click();
    const row = page.getByRole("row").filter({ hasText: "e2e-fake" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Paused");
  });
});
