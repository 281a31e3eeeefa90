import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import {
  accept,
  addBuyers,
  auctionApp,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
  startFakeBuyer,
  type FakeBuyer,
} from "./auction.testing.ts";

// The final submission's traffic-source fields are kept by the browser's own rule (src/domain/attribution.ts,
// docs/product/lender-network.md#final-submission): a bad value is dropped, the application still goes out,
// and neither the stored sale nor any buyer sees the dropped value.

let t: TestApp;
let server: FakeBuyer | undefined;

beforeEach(async () => {
  t = await auctionApp();
});

afterEach(async () => {
  await t.app.close();
  await server?.close();
  server = undefined;
});

describe("attribution of the final submission", () => {
  it("stores and passes on only the values the browser would keep", async () => {
    server = await startFakeBuyer({ ping: () => bid(10), post: () => accept() });
    const fields = ["utm_source", "aff_id", "platform", "clickid", "sub_source"] as const;
    await addBuyers(
      t.database.db,
      lenderConfig("tracked", server, {
        ping: {
          url: `${server.url}/ping`,
          fields: fields.map((f) => ({ to: f, from: f })),
          answer: { success: { path: "result", equals: ["accepted"] }, price: "price" },
        },
      }),
    );
    const lead = await saveLead(t);
    const res = await sendLead(t.app, lead, {
      utm_source: "<script>x</script>",
      aff_id: "9".repeat(101),
      platform: "evil",
      clickid: " click-9 ",
      sub_source: "s1",
    });
    expect(res.statusCode).toBe(200);
    const auction = await decided(t.database.db, lead.id);
    expect(auction.status).toBe("accepted");
    // sendLead's defaults add tPar[affiliateId]; the bad values are gone, not cleaned up.
    expect(auction.attribution).toEqual({ "tPar[affiliateId]": "77", clickid: "click-9", sub_source: "s1" });
    const ping = JSON.parse(server.bodies.find((b) => b.path === "/ping")?.body ?? "{}") as Record<string, unknown>;
    expect(ping).toEqual({ utm_source: null, aff_id: null, platform: null, clickid: "click-9", sub_source: "s1" });
  });

  it("refuses a tracking field that is not text at all", async () => {
    const lead = await saveLead(t);
    const res = await sendLead(t.app, lead, { aff_id: { nested: "object" } });
    expect(res.statusCode).toBe(400);
  });
});
