import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHttpServer, type FakeHttpServer } from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server.ts";
import { launchBrowser, openPage } from "./browser.ts";
import { applyAs, LONG, newPerson, PHONE, poll } from "./funnel-walk.ts";

// TrustedForm configured (docs/decisions/0022-consent-certificates-vendors.md), with a stand-in for its
// script on 127.0.0.1: the page's policy lets exactly that script in, the script writes a certificate URL
// into the hidden field as TrustedForm's does, and the URL travels with the application to the buyer.

const CERT = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
// What TrustedForm's script does, reduced to the part the page relies on.
const FAKE_SCRIPT = `for (const input of document.getElementsByName("xxTrustedFormCertUrl")) input.value = ${JSON.stringify(CERT)};`;

let browser: Browser;
let vendor: FakeHttpServer;
let server: BuiltServer;
let dir: string;
const posts: string[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  // One fake serves the vendor's script and is the only buyer, which bids and takes the application.
  vendor = await startFakeHttpServer((request, response) => {
    void readBody(request).then((body) => {
      const url = request.url ?? "";
      if (url.startsWith("/trustedform.js")) {
        response.writeHead(200, { "content-type": "text/javascript" });
        return response.end(FAKE_SCRIPT);
      }
      if (url === "/post") posts.push(body);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ result: "accepted", price: 20, redirect: `${vendor.url}/offer` }));
    });
  });
  dir = await mkdtemp(path.join(tmpdir(), "loanpath-vendors-"));
  const answer = { success: { path: "result", equals: ["accepted"] }, price: "price", redirectUrl: "redirect" };
  const buyer = {
    id: "e2e-witnessed",
    name: "Witnessed buyer",
    kind: "lead_buyer",
    mode: "ping_post",
    protocol: "json",
    ping: { url: `${vendor.url}/ping`, fields: [{ to: "state", from: "state" }], answer },
    post: {
      url: `${vendor.url}/post`,
      fields: [
        { to: "lead_id", from: "lead_id" },
        { to: "trusted_form", from: "trustedFormURL" },
      ],
      answer,
    },
    pricing: { kind: "bid" },
    testMode: "both",
    timeoutMs: 5_000,
  };
  await writeFile(path.join(dir, "buyers.json"), JSON.stringify([buyer]));
  server = await startBuiltServer({
    SIMULATED_LENDERS: "off",
    BUYERS_FILE: path.join(dir, "buyers.json"),
    TRUSTEDFORM_SCRIPT_URL: `${vendor.url}/trustedform.js?field=xxTrustedFormCertUrl`,
  });
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await vendor?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("TrustedForm, when configured", () => {
  it(
    "loads the vendor's script under a policy naming its origin, and sends its certificate to the buyer",
    async () => {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      const landing = await page.goto(`${server.baseURL}/start`);
      const csp = landing?.headers()["content-security-policy"] ?? "";
      expect(csp).toMatch(new RegExp(`script-src 'self'[^;]* ${vendor.url}`));
      // The landing page starts its app, and with it the vendor's script, at the visitor's first touch
      // (docs/decisions/0025-hydrate-on-intent.md): the script runs and the page keeps what it wrote before a single
      // answer is given.
      await page.getByLabel("Loan Amount").focus();
      await poll(() => page.evaluate(() => sessionStorage.getItem("trustedFormURL"))).toBe(CERT);

      await applyAs(page, newPerson(), server.baseURL);
      await poll(() => posts.length).toBe(1);
      expect(JSON.parse(posts[0]!)).toMatchObject({ trusted_form: CERT });
      expect(problems).toEqual([]);
      await context.close();
    },
    LONG,
  );
});
