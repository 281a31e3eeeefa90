import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { mailOutbox } from "../db/schema.ts";
import { retryDelayMs } from "../outbox/retry-delay.ts";
import { deliverMail } from "./deliver-mail.ts";
import { startFakeSmtpServer } from "./fake-smtp-server.testing.ts";
import { claimDueMails, queueMail, releaseMails } from "./mail-outbox.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

const FROM = "Loanpath <privacy@loanpath.test>";
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

beforeEach(async () => {
  t = await createTestApp();
  smtp = await startFakeSmtpServer({ refuse: ["nobody@example.com"] });
});
afterEach(async () => {
  await t.app.close();
  await smtp.close();
});

const queue = (to: string, subject = "Your request") =>
  queueMail(t.database.db, { purpose: "test", to, subject, body: `Hello ${to}\nline two` });
const statuses = async () => (await t.database.db.select().from(mailOutbox)).map((m) => [m.toAddress, m.status]).sort();

describe("mail delivery over SMTP", () => {
  it("sends each queued mail once to its recipient, with subject and text, and marks it sent", async () => {
    await queue("ana@example.com", "Confirm the deletion");
    await queue("bo@example.com");
    const transport = createSmtpTransport(smtp.url);
    expect(await deliverMail(t.database.db, transport, FROM)).toEqual({ sent: 2, failed: 0, retrying: 0, withheld: 0 });
    expect(await deliverMail(t.database.db, transport, FROM)).toEqual({ sent: 0, failed: 0, retrying: 0, withheld: 0 });
    transport.close();
    expect(smtp.received.map((m) => m.to)).toEqual([["ana@example.com"], ["bo@example.com"]]);
    expect(smtp.received[0]!.from).toBe("privacy@loanpath.test");
    expect(smtp.received[0]!.data).toContain("Subject: Confirm the deletion");
    expect(smtp.received[0]!.data).toContain("Hello ana@example.com");
    expect(await statuses()).toEqual([
      ["ana@example.com", "sent"],
      ["bo@example.com", "sent"],
    ]);
  });

  it("gives up on a mailbox the server refuses (5xx), and loses nothing through an outage", async () => {
    await queue("nobody@example.com");
    await queue("cy@example.com");
    smtp.state.down = true;
    const transport = createSmtpTransport(smtp.url);
    const start = new Date();
    expect(await deliverMail(t.database.db, transport, FROM, start)).toEqual({
      sent: 0,
      failed: 0,
      retrying: 2,
      withheld: 0,
    });
    // Not due again before its pause has passed.
    expect(await deliverMail(t.database.db, transport, FROM, new Date(start.getTime() + 1000))).toMatchObject({
      retrying: 0,
    });
    smtp.state.down = false;
    const later = new Date(start.getTime() + retryDelayMs(0) + 1000);
    expect(await deliverMail(t.database.db, transport, FROM, later)).toEqual({
      sent: 1,
      failed: 1,
      retrying: 0,
      withheld: 0,
    });
    transport.close();
    expect(smtp.received.map((m) => m.to)).toEqual([["cy@example.com"]]);
    expect(await statuses()).toEqual([
      ["cy@example.com", "sent"],
      ["nobody@example.com", "failed"],
    ]);
  });

  it("withholds a mail its check refuses at send time: never sent, its address and text gone", async () => {
    await queue("ana@example.com", "Your application");
    await queue("bo@example.com");
    const transport = createSmtpTransport(smtp.url);
    const check = async (mail: { toAddress: string | null }) =>
      mail.toAddress === "ana@example.com" ? "opted out" : undefined;
    expect(await deliverMail(t.database.db, transport, FROM, new Date(), check)).toEqual({
      sent: 1,
      failed: 0,
      retrying: 0,
      withheld: 1,
    });
    transport.close();
    expect(smtp.received.map((m) => m.to)).toEqual([["bo@example.com"]]);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.map((r) => [r.subject, r.status, r.toAddress, r.body, r.lastError]).sort()).toEqual([
      ["Your application", "withheld", null, null, "opted out"],
      ["Your request", "sent", "bo@example.com", "Hello bo@example.com\nline two", null],
    ]);
  });

  it("ends its pass after the mail in flight when the process stops, and hands the rest back at once", async () => {
    for (const to of ["ana@example.com", "bo@example.com", "cy@example.com"]) await queue(to);
    const transport = createSmtpTransport(smtp.url);
    const now = new Date();
    // The stop comes while the first mail is being sent.
    const stopping = () => smtp.received.length > 0;
    expect(await deliverMail(t.database.db, transport, FROM, now, undefined, stopping)).toEqual({
      sent: 1,
      failed: 0,
      retrying: 0,
      withheld: 0,
      handedBack: 2,
    });
    // Due again at once for the next pass, of this process or another, not at the end of their claim.
    expect(await deliverMail(t.database.db, transport, FROM, now)).toEqual({
      sent: 2,
      failed: 0,
      retrying: 0,
      withheld: 0,
    });
    transport.close();
    expect(smtp.received.map((m) => m.to[0])).toEqual(["ana@example.com", "bo@example.com", "cy@example.com"]);
  });

  it("hands back only mails still under its own claim: one another process took after the lease is left to it", async () => {
    for (const to of ["ana@example.com", "bo@example.com"]) await queue(to);
    const leaseMs = 60_000;
    const now = new Date();
    const mine = await claimDueMails(t.database.db, now, 10, leaseMs);
    expect(mine).toHaveLength(2);
    // This process stalled past the lease, and another claimed the first mail.
    const later = new Date(now.getTime() + leaseMs + 1_000);
    const theirs = await claimDueMails(t.database.db, later, 1, leaseMs);
    expect(theirs.map((m) => m.id)).toEqual([mine[0]!.id]);
    await releaseMails(
      t.database.db,
      mine.map((m) => m.id),
      { now, leaseMs },
    );
    const due = async () =>
      (await t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).map((m) => m.nextAttemptAt.getTime());
    // The first is still the other process's; the second is due again at once.
    expect(await due()).toEqual([later.getTime() + leaseMs, now.getTime()]);
  });

  it("keeps a mail for later when no server answers at all", async () => {
    await queue("dee@example.com");
    await smtp.close();
    const transport = createSmtpTransport(smtp.url, { timeoutMs: 2000 });
    expect(await deliverMail(t.database.db, transport, FROM)).toEqual({ sent: 0, failed: 0, retrying: 1, withheld: 0 });
    transport.close();
    const [row] = await t.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/^[A-Z]+$/);
  });
});

describe("mail without a transport", () => {
  it("stays in the outbox: a know request's mail is written and nothing is sent", async () => {
    const app = await createTestApp();
    try {
      const res = await app.app.inject({
        method: "POST",
        url: "/api/do-not-sell-information",
        payload: {
          stateResidencyPrompt: "ACCESS",
          firstName: "Jo",
          lastName: "Public",
          email: "jo@example.com",
          phone: "2127364100",
          country: "US",
          zipCode: "94105",
          state: "CA",
          address: "1 Market Street",
          city: "San Francisco",
        },
      });
      expect(res.statusCode).toBe(200);
      const rows = await app.database.db.select().from(mailOutbox);
      expect(rows.map((r) => [r.toAddress, r.status, r.attempts])).toEqual([["jo@example.com", "pending", 0]]);
    } finally {
      await app.app.close();
    }
  });
});
