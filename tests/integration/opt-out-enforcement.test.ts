import { describe, expect, it } from "vitest";
import { loopbackFetch } from "../../src/server/platform/net/outbound-guard.testing.ts";
import { GOOD_UNSUBSCRIBE } from "../fixtures/privacy-requests.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
  type SavedLead,
} from "../../src/server/distribution/auction/auction.testing.ts";
import { json, startFakeHttpServer } from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import { createBrevoClient } from "../../src/server/workflows/marketing/brevo-client.ts";
import { syncMarketingOutbox } from "../../src/server/workflows/marketing/sync-outbox.ts";
import { askPrivacy } from "../../src/server/workflows/privacy/privacy-workflow.testing.ts";

// The bar, through the real endpoints: an e-mail or phone that opts out at T is, after T, never
// pinged or posted to any buyer nor synced to Brevo, for the lead it came with and for a later lead.

const bed = auctionTestBed();

type Person = { email: string; cell_phone: string };
type OptOut = {
  name: string;
  at: (person: Person, lead: SavedLead) => Promise<void>;
  again: (p: Person) => Person;
  /** Whether the person's e-mail is taken off Brevo's lists (an opt-out that names or reaches the e-mail). */
  removes: boolean;
};

const sameEmail = (p: Person): Person => ({ email: p.email.toUpperCase(), cell_phone: "3127364199" });
const samePhone = (p: Person): Person => ({ email: "someone.new@example.com", cell_phone: p.cell_phone });

const OPT_OUTS: OptOut[] = [
  {
    name: "an unsubscribed e-mail",
    at: async (p) => {
      const res = await bed.t.app.inject({
        method: "POST",
        url: "/api/unsubscribe",
        payload: { ...GOOD_UNSUBSCRIBE, email: p.email, phone: "2127364000" },
      });
      expect(res.statusCode).toBe(200);
    },
    again: sameEmail,
    removes: true,
  },
  {
    name: "an unsubscribed phone",
    at: async (p) => {
      const res = await bed.t.app.inject({
        method: "POST",
        url: "/api/unsubscribe",
        payload: { ...GOOD_UNSUBSCRIBE, email: "other.address@example.com", phone: `+1 ${p.cell_phone}` },
      });
      expect(res.statusCode).toBe(200);
    },
    again: samePhone,
    removes: false,
  },
  {
    name: "a do-not-sell request",
    at: (p) => askPrivacy(bed.t, "DO_NOT_SELL", { email: p.email, phone: p.cell_phone }).then(() => {}),
    again: samePhone,
    removes: true,
  },
  {
    name: "a Global Privacy Control request",
    // The visitor's browser sends the signal with any request on its lead.
    at: async (_p, lead) => {
      const res = await bed.t.app.inject({
        method: "GET",
        url: `/api/personal_loan/lead/v2/${lead.id}`,
        headers: { cookie: lead.cookie, "sec-gpc": "1" },
      });
      expect(res.statusCode).toBe(200);
    },
    again: sameEmail,
    removes: true,
  },
];

describe("an opt-out at T", () => {
  it.each(OPT_OUTS)("$name reaches no buyer and no list after T, for that lead or a later one", async (optOut) => {
    const { t } = bed;
    const brevoSaw: string[] = [];
    const brevo = await startFakeHttpServer((request, response) => {
      let body = "";
      request.on("data", (c: Buffer) => (body += c.toString()));
      request.on("end", () => {
        brevoSaw.push(
          `${request.method} ${request.method === "DELETE" ? decodeURIComponent(request.url ?? "") : body}`,
        );
        json(201, { id: 1 })(request, response);
      });
    });
    try {
      const lender = await bed.buyer({ ping: () => bid(30), post: () => accept() });
      await addBuyers(t.database.db, lenderConfig("lender-a", lender));
      const person = { email: `opt.${Math.random().toString(36).slice(2)}@example.com`, cell_phone: "2127364321" };
      const first = await saveLead(t, person);
      const joinList = (lead: SavedLead) =>
        t.app.inject({
          method: "POST",
          url: "/api/brevo",
          payload: { lead_id: lead.id },
          headers: { cookie: lead.cookie },
        });
      expect((await joinList(first)).statusCode).toBe(200);

      await optOut.at(person, first); // T

      const later = await saveLead(t, optOut.again(person));
      expect((await joinList(later)).statusCode).toBe(200);
      for (const lead of [first, later]) {
        await sendLead(t.app, lead);
        expect((await decided(t.database.db, lead.id)).status).toBe("rejected");
      }
      const sync = {
        db: t.database.db,
        lists: createBrevoClient({ fetch: loopbackFetch(), apiKey: "k", baseUrl: brevo.url }),
        tokenSecret: t.secrets.tokenSecret,
      };
      expect(await syncMarketingOutbox(sync)).toMatchObject({ sent: 0, suppressed: 2 });
      expect(lender.bodies).toEqual([]);
      // No contact was added; an e-mail opt-out also takes the address off the lists at once.
      expect(brevoSaw.filter((call) => call.startsWith("POST"))).toEqual([]);
      expect(brevoSaw.filter((call) => call.startsWith("DELETE"))).toEqual(
        optOut.removes ? [`DELETE /contacts/${person.email}?identifierType=email_id`] : [],
      );

      // Someone else is still sold and synced: the check stops only the person.
      const bystander = await saveLead(t);
      await joinList(bystander);
      await sendLead(t.app, bystander);
      expect((await decided(t.database.db, bystander.id)).status).toBe("accepted");
      expect(await syncMarketingOutbox(sync)).toMatchObject({ sent: 1 });
      expect(lender.bodies.map((b) => b.path)).toEqual(["/ping", "/post"]);
    } finally {
      await brevo.close();
    }
  });
});
