import { afterEach, describe, expect, it } from "vitest";
import { parseBuyers } from "../distribution/buyer-config.ts";
import { SIM_LENDERS, simulatedBuyers, startSimulator, type Simulator } from "./simulator.ts";

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe("the simulated lender network", () => {
  it("is about a dozen buyers that pass the same validation as real ones", () => {
    const buyers = simulatedBuyers("http://127.0.0.1:3100");
    expect(buyers.length).toBeGreaterThanOrEqual(10);
    expect(parseBuyers(JSON.parse(JSON.stringify(buyers)), "simulator")).toHaveLength(buyers.length);
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
});
