import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../../../tests/helpers/built-server.ts";
import { parseBuyers } from "../auction/buyer-config.ts";
import { SIM_LENDERS, simulatedBuyers, startSimulator, type Simulator } from "./simulator.ts";

let sim: Simulator | undefined;
let blocker: Server | undefined;
let server: BuiltServer | undefined;
afterEach(async () => {
  await server?.stop();
  await sim?.close();
  await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)));
  [sim, blocker, server] = [undefined, undefined, undefined];
});

/** A loopback port held by something else, as a first `npm start` holds 3100. */
async function takenPort(): Promise<number> {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker!.listen(0, "127.0.0.1", resolve));
  return (blocker.address() as AddressInfo).port;
}

describe("the simulated lender network", () => {
  it("is about a dozen buyers that pass the same validation as real ones", () => {
    const buyers = simulatedBuyers("http://127.0.0.1:3100");
    expect(buyers.length).toBeGreaterThanOrEqual(10);
    // Exactly as parsed: each setting left out has its default (an auction reads billing and budgets of every buyer).
    expect(parseBuyers(JSON.parse(JSON.stringify(buyers)), "simulator")).toEqual(buyers);
    expect(buyers.every((b) => b.billing.kind === "none" && b.returns.window_days === 7)).toBe(true);
    expect(new Set(SIM_LENDERS.map((l) => l.habit))).toEqual(
      new Set(["none", "timeout", "error500", "garbage", "drop"]),
    );
  });

  it("bids, accepts with a redirect to its own offer page, and serves that page", async () => {
    sim = await startSimulator(0, () => 0.99); // never fails
    const lender = "sim-prairie";
    const ping = await fetch(`${sim.url}/lenders/${lender}/ping`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ state: "NY", income: "2500" }),
    });
    expect(await ping.json()).toMatchObject({ status: "accepted" });
    const post = await fetch(`${sim.url}/lenders/${lender}/post`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lead_id: "ld_abc12345", income: "2500" }),
    });
    const sale = (await post.json()) as { redirect_url: string };
    expect(sale.redirect_url.startsWith(`${sim.url}/lenders/${lender}/offer/`)).toBe(true);
    const page = await fetch(sale.redirect_url);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain("<h1>Prairie Bank</h1>");
    expect(html).not.toContain("<script");
  });

  it("takes a free port when its own is taken, and says which it gave up", async () => {
    const port = await takenPort();
    sim = await startSimulator(port, () => 0.99);
    expect(sim.portTaken).toBe(port);
    const actual = Number(new URL(sim.url).port);
    expect(actual).toBeGreaterThan(0);
    expect(actual).not.toBe(port);
    const page = await fetch(`${sim.url}/lenders/sim-prairie/offer/abc`);
    expect(page.status).toBe(200);
  });

  it("keeps the port it was given when it is free", async () => {
    const port = await takenPort();
    await new Promise((r) => blocker!.close(r));
    blocker = undefined;
    sim = await startSimulator(port, () => 0.99);
    expect(sim.portTaken).toBeUndefined();
    expect(sim.url).toBe(`http://127.0.0.1:${port}`);
  });

  it("lets a second server process start beside one whose simulator holds the port", async () => {
    const first = await startSimulator(0, () => 0.99);
    sim = first;
    const port = Number(new URL(first.url).port);
    server = await startBuiltServer({
      SIMULATED_LENDERS: "on",
      SIMULATED_LENDERS_PORT: String(port),
      // The API is enough here; no need for a web build.
      WEB_BUILD_DIR: "./no-web-build-for-this-test",
    });
    expect((await fetch(`${server.baseURL}/api/health`)).ok).toBe(true);
    const warning = server
      .output()
      .split("\n")
      .find((line) => line.includes("SIMULATED_LENDERS_PORT is taken"));
    expect(warning).toBeDefined();
    const logged = JSON.parse(warning!) as { simulatedLendersPort: number; simulatedLenders: string };
    expect(logged.simulatedLendersPort).toBe(port);
    expect(logged.simulatedLenders).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(logged.simulatedLenders).not.toBe(first.url);
    // The first process's simulator is untouched.
    expect((await fetch(`${first.url}/lenders/sim-prairie/offer/abc`)).status).toBe(200);
  }, 150_000);
});
