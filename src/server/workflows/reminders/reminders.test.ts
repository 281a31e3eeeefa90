import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EMAIL_LINK_PARAM, UNSUBSCRIBE_TOKEN_PARAM } from "#domain/mail-links.ts";
import { MESSAGES } from "#domain/messages.ts";
import { GOOD_UNSUBSCRIBE } from "../../../../tests/fixtures/privacy-requests.ts";
import { createLead, putStep, stepBodies } from "../../../../tests/helpers/lead-client.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { auctions, leadReminders, leads, mailOutbox } from "../../platform/db/schema.ts";
import { deliverMail } from "../../platform/mail/deliver-mail.ts";
import type { MailTransport } from "../../platform/mail/mail-transport.ts";
import { isSuppressed } from "../../compliance/suppression.ts";
import { unsubscribeUrl } from "../../compliance/unsubscribe-link.ts";
import { erasePerson } from "../privacy/erase-person.ts";
import { purgeExpired } from "../retention/retention.ts";
import { REMINDER_PURPOSE } from "./reminder-rules.ts";
import { reminderSendCheck } from "./reminder-send-check.ts";
import { sendDueReminders } from "./send-reminders.ts";

// The reminders to finish an application (docs/product/mail.md#reminders) against the real app and database,
// with the clock passed to each pass: a lead left at `start` is looked at hours and days later.

const HOUR = 3_600_000;
const DELAY_HOURS = 2;
const SITE = "https://apply.loanpath.example";
let t: TestApp;
let start: Date;

beforeEach(async () => {
  t = await createTestApp({ REMINDERS: "off" });
  start = new Date();
});
afterEach(async () => {
  await t.app.close();
});

const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
const sweep = (hours: number) =>
  sendDueReminders(
    {
      db: t.database.db,
      tokenSecret: t.secrets.tokenSecret,
      publicBaseUrl: SITE,
      resumeTokenTtlHours: 72,
      delayHours: DELAY_HOURS,
    },
    at(hours),
  );

/** A visitor who gave the e-mail screen's consent, then the phone and the birth date, and left. */
async function leftLead(email = "Maria.Lopez@Example.com") {
  const lead = await createLead(t.app, { email, first_name: "Maria", last_name: "Lopez" });
  expect(lead.res.statusCode).toBe(200);
  for (const step of [2, 5]) expect((await putStep(t.app, lead, step, stepBodies()[step]!)).statusCode).toBe(200);
  start = new Date();
  return lead;
}

const reminderMails = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, REMINDER_PURPOSE));

/** The links of the newest reminder: the resume link and the unsubscribe link. */
async function links() {
  const mails = await reminderMails();
  const urls = (mails.at(-1)?.body ?? "").match(/https?:\/\/\S+/g) ?? [];
  expect(urls).toHaveLength(2);
  return { resume: new URL(urls[0]!), unsubscribe: new URL(urls[1]!) };
}

/** A transport that takes every mail and keeps it. */
function recordingTransport() {
  const sent: { to: string; text: string }[] = [];
  const transport: MailTransport = {
    send: async (mail) => {
      sent.push({ to: mail.to, text: mail.text });
      return { ok: true };
    },
    close: () => {},
  };
  return { sent, transport };
}
const deliver = (transport: MailTransport) =>
  deliverMail(
    t.database.db,
    transport,
    "Loanpath <mail@loanpath.test>",
    new Date(),
    reminderSendCheck(t.database.db, t.secrets.tokenSecret),
  );

describe("reminders to finish an application", () => {
  it("queues one after the delay, none before: to the lead's e-mail, with a resume and an unsubscribe link", async () => {
    const lead = await leftLead();
    expect(await sweep(DELAY_HOURS - 0.1)).toEqual({ queued: 0, suppressed: 0, taken: 0 });
    expect(await sweep(DELAY_HOURS + 0.1)).toEqual({ queued: 1, suppressed: 0, taken: 0 });
    const [mail] = await reminderMails();
    expect(mail).toMatchObject({ toAddress: "maria.lopez@example.com", status: "pending" });
    const [reminder] = await t.database.db.select().from(leadReminders);
    expect(reminder).toMatchObject({ leadId: lead.id, number: 1, outcome: "queued", mailId: mail!.id });
    const { resume, unsubscribe } = await links();
    expect(resume.origin + resume.pathname).toBe(`${SITE}/`);
    expect(resume.searchParams.get(EMAIL_LINK_PARAM.email)).toBe("Maria.Lopez@Example.com");
    expect(resume.searchParams.get(EMAIL_LINK_PARAM.loanReason)).toBe("DEBT_CONSOLIDATION");
    // The unsubscribe link names no one: a token, no address.
    expect(unsubscribe.origin + unsubscribe.pathname).toBe(`${SITE}/unsubscribe`);
    expect([...unsubscribe.searchParams.keys()]).toEqual([UNSUBSCRIBE_TOKEN_PARAM]);
    expect(unsubscribe.href.toLowerCase()).not.toContain("maria");
  });

  it("its link resumes the application at its first unfinished step, and only for that e-mail", async () => {
    const lead = await leftLead();
    await sweep(DELAY_HOURS + 0.1);
    const { resume } = await links();
    const enter = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/personal_loan/lead/v2/email-link",
        payload: {
          email,
          loan_reason: resume.searchParams.get(EMAIL_LINK_PARAM.loanReason),
          resume_token: resume.searchParams.get(EMAIL_LINK_PARAM.resumeToken),
        },
      });
    const entered = await enter(resume.searchParams.get(EMAIL_LINK_PARAM.email)!);
    expect(entered.statusCode).toBe(200);
    expect(entered.json().data).toMatchObject({
      contact: { lead_id: lead.id, first_name: "Maria", dob: "****-**-**" },
      resume_path: "/address",
    });
    const someoneElse = await enter("eve@example.com");
    expect(someoneElse.json().data.contact.lead_id).not.toBe(lead.id);
  });

  it("sends at most one a day and three in all", async () => {
    await leftLead();
    const queued = async (hours: number) => (await sweep(hours)).queued;
    expect(await queued(3)).toBe(1);
    expect(await queued(3)).toBe(0);
    expect(await queued(3 + 23.9)).toBe(0);
    expect(await queued(3 + 24)).toBe(1);
    expect(await queued(3 + 47.9)).toBe(0);
    expect(await queued(3 + 48)).toBe(1);
    expect(await queued(3 + 72)).toBe(0);
    expect(await queued(3 + 96)).toBe(0);
    const numbers = (await t.database.db.select().from(leadReminders)).map((r) => r.number).sort();
    expect(numbers).toEqual([1, 2, 3]);
    expect(await reminderMails()).toHaveLength(3);
  });

  it("sends none without the e-mail consent", async () => {
    // The e-mail-link entry starts a lead that consented to nothing.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/personal_loan/lead/v2/email-link",
      payload: { email: "no.consent@example.com", loan_reason: "MEDICAL" },
    });
    expect(res.statusCode).toBe(200);
    start = new Date();
    expect((await sweep(DELAY_HOURS + 1)).queued).toBe(0);
    expect(await reminderMails()).toEqual([]);
  });

  it("stops once the application is sent", async () => {
    const lead = await leftLead();
    expect((await sweep(3)).queued).toBe(1);
    // The final submission stores the lead's auction (src/server/distribution/auction/auction-store.ts).
    await t.database.db.insert(auctions).values({ leadId: lead.id, deadlineAt: new Date() });
    expect((await sweep(3 + 24)).queued).toBe(0);
    // The first one, still waiting, is withheld at send time.
    const { sent, transport } = recordingTransport();
    expect(await deliver(transport)).toMatchObject({ sent: 0, withheld: 1 });
    expect(sent).toEqual([]);
    expect((await reminderMails())[0]).toMatchObject({ status: "withheld", toAddress: null, body: null });
  });

  it("sends none to an address that opted out, and stops that lead's reminders", async () => {
    await leftLead();
    const unsubscribe = await t.app.inject({
      method: "POST",
      url: "/api/unsubscribe",
      payload: { ...GOOD_UNSUBSCRIBE, email: "maria.lopez@example.com" },
    });
    expect(unsubscribe.statusCode).toBe(200);
    expect(await sweep(3)).toEqual({ queued: 0, suppressed: 1, taken: 0 });
    expect(await sweep(3 + 24)).toEqual({ queued: 0, suppressed: 0, taken: 0 });
    expect(await reminderMails()).toEqual([]);
  });

  it("withholds a reminder whose address opted out after it was queued", async () => {
    await leftLead();
    await sweep(3);
    await t.app.inject({
      method: "POST",
      url: "/api/unsubscribe",
      payload: { ...GOOD_UNSUBSCRIBE, email: "MARIA.LOPEZ@example.com" },
    });
    const { sent, transport } = recordingTransport();
    expect(await deliver(transport)).toMatchObject({ sent: 0, withheld: 1 });
    expect(sent).toEqual([]);
  });

  it("sends nothing of a person erased or purged after the reminder was queued", async () => {
    const erased = await leftLead("erased@example.com");
    const purged = await leftLead("purged@example.com");
    expect((await sweep(3)).queued).toBe(2);
    await erasePerson(t.database.db, t.secrets.tokenSecret, {
      id: "PR-TEST",
      email: "erased@example.com",
      phone: null,
    });
    // The retention purge erases a lead unused for its window; here the window has passed for this one.
    await t.database.db
      .update(leads)
      .set({ updated_at: new Date("2020-01-01") })
      .where(eq(leads.id, purged.id));
    await purgeExpired(t.database.db, { now: new Date(), retentionMonths: 24, tokenSecret: t.secrets.tokenSecret });
    const mails = await reminderMails();
    expect(mails.map((m) => [m.status, m.toAddress, m.body])).toEqual([
      ["erased", null, null],
      ["erased", null, null],
    ]);
    const { sent, transport } = recordingTransport();
    expect(await deliver(transport)).toMatchObject({ sent: 0 });
    expect(sent).toEqual([]);
    expect(erased.id).not.toBe(purged.id);
  });

  it("delivers a reminder whose lead is still waiting", async () => {
    await leftLead();
    await sweep(3);
    const { sent, transport } = recordingTransport();
    expect(await deliver(transport)).toMatchObject({ sent: 1, withheld: 0 });
    expect(sent.map((m) => m.to)).toEqual(["maria.lopez@example.com"]);
    expect(sent[0]!.text).toContain(`${SITE}/?`);
  });

  it("reminds a person who started again about the newest application only", async () => {
    await leftLead("twice@example.com");
    const newer = await leftLead("Twice@Example.com");
    expect((await sweep(3)).queued).toBe(1);
    const [reminder] = await t.database.db.select().from(leadReminders);
    expect(reminder!.leadId).toBe(newer.id);
  });

  it("queues one reminder when two passes find the same lead at once", async () => {
    await leftLead();
    const reports = await Promise.all([sweep(3), sweep(3)]);
    expect(reports.reduce((sum, r) => sum + r.queued, 0)).toBe(1);
    expect(await reminderMails()).toHaveLength(1);
    expect(await t.database.db.select().from(leadReminders)).toHaveLength(1);
  });

  it("sends none to a lead left longer than a week", async () => {
    const lead = await leftLead();
    await t.database.db
      .update(leads)
      .set({ updated_at: new Date(start.getTime() - 8 * 24 * HOUR) })
      .where(eq(leads.id, lead.id));
    expect((await sweep(0)).queued).toBe(0);
  });
});

describe("the reminder's unsubscribe link", () => {
  const unsubscribeWith = (token: string) =>
    t.app.inject({ method: "POST", url: "/api/unsubscribe/link", payload: { token } });

  it("unsubscribes the lead's e-mail and phone in one press, once however often it is pressed", async () => {
    await leftLead();
    await sweep(3);
    const token = (await links()).unsubscribe.searchParams.get(UNSUBSCRIBE_TOKEN_PARAM)!;
    const first = await unsubscribeWith(token);
    expect(first.statusCode).toBe(200);
    const reference = first.json().data.reference;
    expect(reference).toMatch(/^PR-/);
    expect((await unsubscribeWith(token)).json().data.reference).toBe(reference);
    const db = t.database.db;
    expect(await isSuppressed(db, t.secrets.tokenSecret, { email: "maria.lopez@example.com" })).toBe(true);
    const phone = String(stepBodies()[2]!.cellPhone).replace(/\D/g, "");
    expect(await isSuppressed(db, t.secrets.tokenSecret, { phones: [phone] })).toBe(true);
    // The reminder still waiting is withheld, and no later one is queued.
    const { transport } = recordingTransport();
    expect(await deliver(transport)).toMatchObject({ sent: 0, withheld: 1 });
    expect(await sweep(3 + 24)).toMatchObject({ queued: 0 });
    // Nothing of the person or the token reached the log.
    expect(t.logs().toLowerCase()).not.toContain("maria.lopez");
    expect(t.logs()).not.toContain(token);
  });

  it("refuses a forged, altered or expired token with 400 and unsubscribes no one", async () => {
    await leftLead();
    await sweep(3);
    const token = (await links()).unsubscribe.searchParams.get(UNSUBSCRIBE_TOKEN_PARAM)!;
    const [id, expiry, mac] = token.split(".");
    const longAgo = new Date(Date.now() - 90 * 24 * HOUR);
    const expired = new URL(unsubscribeUrl(t.secrets.tokenSecret, SITE, id!, longAgo)).searchParams.get(
      UNSUBSCRIBE_TOKEN_PARAM,
    )!;
    for (const bad of [
      `${id}.${expiry}.${"A".repeat(mac!.length)}`,
      `${id}.${Number(expiry) + 1}.${mac}`,
      expired,
      "garbage",
    ]) {
      const res = await unsubscribeWith(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: MESSAGES.unsubscribeLinkInvalid });
    }
    expect((await unsubscribeWith("")).statusCode).toBe(400);
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "maria.lopez@example.com" })).toBe(false);
  });
});
