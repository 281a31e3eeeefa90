import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stepBySlug, stepTitle } from "../../src/domain/steps/step-table.ts";
import { isSuppressed } from "../../src/server/compliance/suppression.ts";
import { mailOutbox } from "../../src/server/platform/db/schema.ts";
import { REMINDER_PURPOSE } from "../../src/server/workflows/reminders/reminder-rules.ts";
import { sendDueReminders } from "../../src/server/workflows/reminders/send-reminders.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import {
  ANSWERS,
  closeSuggestionsBeforeActions,
  FIRST_NAME,
  heading,
  LONG,
  newPerson,
  next,
  PHONE,
  poll,
  savedContact,
  startFunnel,
} from "./funnel-walk.ts";

// The reminder to finish an application (docs/product/mail.md#reminders), from the visitor who leaves to the
// visitor who comes back through the mail. The app is the real one (src/server/app.ts serving the built web
// app), run in this process on a port of its own, so the test can run the reminder pass on its database with
// a clock of its choosing instead of waiting hours: nothing waits on a clock.
const DELAY_HOURS = 2;
let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  [t, browser] = await Promise.all([createTestApp({ REMINDERS: "off" }), launchBrowser()]);
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await browser?.close();
  await t?.app.close();
});

/** The one reminder in the outbox for `email`, once the pass has run as if the delay had gone by. */
async function reminderFor(email: string): Promise<{ resume: string; unsubscribe: string }> {
  const later = new Date(Date.now() + (DELAY_HOURS + 0.5) * 3_600_000);
  const sweep = {
    db: t.database.db,
    tokenSecret: t.secrets.tokenSecret,
    publicBaseUrl: base,
    resumeTokenTtlHours: t.config.resumeTokenTtlHours,
    delayHours: DELAY_HOURS,
  };
  expect(await sendDueReminders(sweep, later)).toMatchObject({ queued: 1 });
  const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, REMINDER_PURPOSE));
  expect(mails.map((m) => m.toAddress)).toEqual([email]);
  const [resume, unsubscribe] = mails[0]!.body!.match(/https?:\/\/\S+/g) ?? [];
  return { resume: resume!, unsubscribe: unsubscribe! };
}

describe("the reminder to finish an application", () => {
  it(
    "brings a visitor who left after the phone back to the birth date, with the saved answers, and its unsubscribe link opts out in one press",
    async () => {
      const person = newPerson();
      // The visitor starts, gives the name, the e-mail (with its consent) and the phone, and leaves.
      const first = await openPage(browser, { viewport: PHONE });
      await closeSuggestionsBeforeActions(first.page);
      await startFunnel(first.page, "mouse", base);
      await ANSWERS.lgname!(first.page, "mouse", person);
      await next(first.page, "mouse");
      await first.page.waitForURL(`${base}/email`);
      await ANSWERS.email!(first.page, "mouse", person);
      await next(first.page, "mouse");
      await first.page.waitForURL(`${base}/cellphone`);
      await ANSWERS.cellphone!(first.page, "mouse", person);
      await next(first.page, "mouse");
      await first.page.waitForURL(`${base}/dob`);
      const leadId = await first.page.evaluate(() => sessionStorage.getItem("lead_id"));
      expect(first.problems).toEqual([]);
      await first.context.close();

      const mail = await reminderFor(person.email);

      // Back through the mail, in a new tab: the application opens where it was left.
      const back = await openPage(browser, { viewport: PHONE });
      await back.page.goto(mail.resume);
      const dob = stepBySlug("dob")!;
      await back.page.waitForURL(`${base}${dob.path}`);
      await poll(() => heading(back.page).textContent()).toBe(stepTitle(dob, { firstName: FIRST_NAME }));
      expect(await back.page.evaluate(() => sessionStorage.getItem("lead_id"))).toBe(leadId);
      expect(await savedContact(back.page)).toMatchObject({
        lead_id: leadId,
        first_name: FIRST_NAME,
        email: person.email,
        cell_phone: person.cellPhone,
      });
      // The link's e-mail and token stay neither in the address bar nor in the history.
      expect(back.page.url()).not.toContain("email");
      expect(await seriousA11yViolations(back.page)).toEqual([]);
      expect(back.problems).toEqual([]);

      // The unsubscribe link: one press, nothing typed; its token leaves the address bar at once.
      await back.page.goto(mail.unsubscribe);
      const unsubscribe = back.page.getByRole("button", { name: "UNSUBSCRIBE", exact: true });
      await poll(() => unsubscribe.isVisible()).toBe(true);
      expect(back.page.url()).toBe(`${base}/unsubscribe`);
      expect(await seriousA11yViolations(back.page)).toEqual([]);
      await unsubscribe.click();
      const alert = back.page.getByRole("alertdialog");
      await poll(() => alert.textContent()).toMatch(/unsubscribed within 48 hours\. Your reference: PR-/);
      const suppressed = (contact: { email?: string; phones?: string[] }) =>
        isSuppressed(t.database.db, t.secrets.tokenSecret, contact);
      expect(await suppressed({ email: person.email })).toBe(true);
      expect(await suppressed({ phones: [person.cellPhone] })).toBe(true);
      expect(back.problems).toEqual([]);
      await back.context.close();
    },
    LONG,
  );
});
