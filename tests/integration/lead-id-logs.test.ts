import { describe, expect, it } from "vitest";
import {
  ACCOUNT,
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
} from "../../src/server/distribution/auction/auction.testing.ts";
import { findLead } from "../../src/server/intake/leads/lead-store.ts";
import { putStep, stepBodies } from "../helpers/lead-client.ts";

// lead_id on every log line that concerns a lead (docs/operations-watch.md#logs), and nothing of the person on
// any line. The test app logs at debug, so the request lines are read too.

type Line = { msg: string; lead_id?: string; [key: string]: unknown };
const bed = auctionTestBed();

describe("log lines about a lead", () => {
  it("carry lead_id, from the step save and the send to the auction's warnings and decision, and no personal data", async () => {
    // Its ping answer cannot be read: the auction warns about it, naming the buyer, on a line of its own.
    const garbled = await bed.buyer({ ping: () => ({ body: "<html>oops</html>", type: "text/html" }) });
    const lender = await bed.buyer({ ping: () => bid(30), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("garbled", garbled), lenderConfig("lender", lender));
    const lead = await saveLead(bed.t);
    const person = (await findLead(bed.t.database.db, lead.id))!;
    expect((await putStep(bed.t.app, lead, 8, stepBodies()[8]!)).statusCode).toBe(200);
    expect((await sendLead(bed.t.app, lead)).statusCode).toBe(200);
    await decided(bed.t.database.db, lead.id);
    await bed.t.app.inject({
      method: "GET",
      url: `/api/ping/v2?lead_id=${encodeURIComponent(lead.id)}`,
      headers: { cookie: lead.cookie },
    });

    const logs = bed.t.logs();
    const lines = logs
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
    const about = lines.filter((l) => l.lead_id === lead.id);
    const request = (method: string, url: string) =>
      about.some(
        (l) =>
          l.msg === "request completed" &&
          (l.req as { method: string; url: string }).method === method &&
          (l.req as { url: string }).url === url,
      );
    expect(request("PUT", `/api/personal_loan/lead/v2/${lead.id}/step`)).toBe(true);
    expect(request("POST", "/api/personal_loan/lead/send/v2")).toBe(true);
    expect(request("GET", "/api/ping/v2")).toBe(true);
    expect(about.some((l) => l.msg === "lender network" && String(l.distribution).startsWith("garbled:"))).toBe(true);
    expect(about.filter((l) => l.msg === "auction decided")).toEqual([
      expect.objectContaining({ outcome: "accepted", buyer: "lender" }),
    ]);
    // Every line that names the lead does so as lead_id.
    for (const line of lines.filter((l) => JSON.stringify(l).includes(lead.id)))
      expect(line.lead_id, line.msg).toBe(lead.id);
    for (const secret of [person.email!, person.first_name!, person.last_name!, person.cell_phone!, ACCOUNT]) {
      expect(logs).not.toContain(secret);
    }
  });

  it("carry no lead_id for a request about no lead", async () => {
    await bed.t.app.inject({ method: "GET", url: "/api/health" });
    const line = bed.t
      .logs()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line)
      .find((l) => l.msg === "request completed");
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty("lead_id");
  });
});
