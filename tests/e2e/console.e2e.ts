import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fromBase32, hotp, totpStep } from "../../src/server/console/access/totp.ts";
import { launchBrowser, openPage, seriousA11yViolations } from "./browser.ts";
import { consoleOwner, ownerCode, signInOnPage } from "./console-owner.ts";

// The operator console in Chromium against the real server, from the first owner made with
// `npm run operator -- create` (global-setup.ts) to an analyst who sees only what the role allows.
const baseURL = inject("baseURL");
const owner = consoleOwner();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the operator console", () => {
  it("signs the owner in with password and authenticator code, adds an analyst who sees reports only", async () => {
    const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseURL}/console/operators`);
    // Not signed in: the sign-in form, nothing of the page.
    await page.getByRole("heading", { name: "Sign in to the Loanpath console" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill("not the passphrase");
    await page.getByLabel("Code", { exact: true }).fill(ownerCode(owner));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("do not match an account");

    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByLabel("Code", { exact: true }).fill(ownerCode(owner));
    await page.getByRole("button", { name: "Sign in" }).click();
    const nav = page.getByRole("navigation", { name: "Console" });
    await nav.waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual(
      expect.arrayContaining(["Privacy requests", "Audit log", "Operators"]),
    );
    await page.getByRole("heading", { name: "Operators" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const [link, heading] of [
      ["Today", "Today"],
      ["Funnel", "Funnel"],
    ]) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      // The report's table, or the empty state that says what to do (this server may have no leads in the period).
      const main = page.locator("main");
      await main.getByRole("table").or(main.getByRole("status")).first().waitFor();
      await expect.poll(() => main.locator("[aria-busy=true]").count()).toBe(0);
      expect(await seriousA11yViolations(page), link).toEqual([]);
    }
    await nav.getByRole("link", { name: "Operators" }).click();

    // A new analyst, from the form: the password and authenticator key are shown once.
    const form = page.getByRole("form", { name: "Add an operator" });
    await form.getByLabel("E-mail").fill("ana.lyst@loanpath.test");
    await form.getByLabel("Name").fill("Ana Lyst");
    await form.getByLabel("Role").selectOption("analyst");
    await form.getByRole("button", { name: "Add operator" }).click();
    const enrolment = page.getByRole("region", { name: /Give these to Ana Lyst/ });
    await enrolment.waitFor();
    const [password, key] = await enrolment.locator("dd code").allTextContents();
    // The list is read again after the enrolment shows: wait for the new row, not for the first paint.
    await expect.poll(() => page.getByRole("row").filter({ hasText: "ana.lyst@loanpath.test" }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await nav.getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    const created = page.getByRole("row").filter({ hasText: "operator.create" }).filter({ hasText: owner.email });
    await created.first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to the Loanpath console" }).waitFor();

    // The analyst: no privacy queue, audit log or operators, on the screens or through the API.
    await signInOnPage(
      page,
      baseURL,
      { ...owner, email: "ana.lyst@loanpath.test", password: password! },
      hotp(fromBase32(key!), totpStep(Date.now())),
    );
    expect(await nav.getByRole("link").allTextContents()).not.toEqual(expect.arrayContaining(["Privacy requests"]));
    expect(await nav.getByRole("link").allTextContents()).not.toEqual(expect.arrayContaining(["Operators"]));
    // Through the API too, with the analyst's own CSRF token: no operators, no leads, no buyer changes.
    const refused = await page.evaluate(async () => {
      const session = (await (await fetch("/api/console/session")).json()) as { data: { csrf_token: string } };
      const change = await fetch("/api/console/buyers", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": session.data.csrf_token },
        body: JSON.stringify({ config: { id: "analyst-made" } }),
      });
      return [
        (await fetch("/api/console/operators")).status,
        (await fetch("/api/console/leads?q=ana.lyst%40loanpath.test")).status,
        change.status,
      ];
    });
    expect(refused).toEqual([403, 403, 403]);
    // The browser reports the refusals this test asked for (the wrong password, the analyst's calls), nothing else.
    expect(problems).toEqual([
      "console: Failed to load resource: the server responded with a status of 401 (Unauthorized)",
      ...Array(3).fill("console: Failed to load resource: the server responded with a status of 403 (Forbidden)"),
    ]);
    await context.close();
  });
});
