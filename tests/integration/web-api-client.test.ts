import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createLead,
  enterFromEmailLink,
  fetchLead,
  lookupRoutingNumber,
  saveStep,
  updateLead,
} from "../../src/web/api/api.ts";
import { consentFor, QUICK_START, stepBodies } from "../helpers/lead-client.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// The browser's typed client against the real server over HTTP, with a cookie jar standing in for the
// browser's, so the contract is proven from both ends.
let t: TestApp;
let base: string;
let jar = "";

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar) headers.set("cookie", jar);
    const res = await realFetch(`${base}${input}`, { ...init, headers });
    const set = res.headers.get("set-cookie");
    if (set) jar = set.split(";")[0] ?? "";
    return res;
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.app.close();
});

describe("src/web/api/api.ts against the server", () => {
  it("creates, steps, updates and reads a lead", async () => {
    const created = await createLead({
      ...QUICK_START,
      email: "kim@example.com",
      consent: consentFor("quick_start", "/email"),
    });
    expect(created).toMatchObject({ ok: true, status: 200 });
    const id = created.data!.contact.lead_id;

    const step = await saveStep(id, {
      step: 25,
      ...stepBodies()[25],
      consent: consentFor("ssn", "/ssn"),
    });
    expect(step.ok).toBe(true);
    expect(step.data?.contact.ssn).toBe("***-**-6789");

    const bad = await saveStep(id, { step: 25, ssn: "12" });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      errors: { ssn: "Invalid social security number format xxx-xx-xxxx" },
    });

    expect((await updateLead(id, { first_name: "Kim" })).data?.contact.first_name).toBe("Kim");
    expect((await fetchLead(id)).data?.contact).toMatchObject({ first_name: "Kim", email: "kim@example.com" });
  });

  it("reports a foreign lead as not found and a fresh e-mail-link lead with its resume path", async () => {
    expect(await fetchLead("ld_someone_else")).toMatchObject({ ok: false, status: 404, message: "Lead not found" });
    const entered = await enterFromEmailLink({ email: "lee@example.com", loan_reason: "TAXES" });
    expect(entered.ok).toBe(true);
    expect(entered.data?.resume_path).toBe("/lgname");
  });

  it("looks up a routing number", async () => {
    expect((await lookupRoutingNumber("021000021")).data).toMatchObject({ routing_number: "021000021" });
    expect(await lookupRoutingNumber("021000022")).toMatchObject({ ok: false, message: "Invalid Routing Number!" });
  });

  it("turns a network failure into status 0 with a message, not an exception", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const res = await fetchLead("x");
    expect(res).toMatchObject({ ok: false, status: 0 });
    expect(res.message).toMatch(/could not reach the server/);
  });
});
