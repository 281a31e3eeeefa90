import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { GOOD_DO_NOT_SELL } from "../../../../tests/fixtures/privacy-requests.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { REQUEST_TYPE_RULES } from "../../compliance/request-types.ts";
import { PRIVACY_FORM_BODY_LIMIT } from "./privacy-request-routes.ts";

const UNSUBSCRIBE = { email: " Jo.Public@Example.com ", phone: "(212)-555-0123", unsubscribe: "TOO_MANY_MESSAGES" };
const DO_NOT_SELL = GOOD_DO_NOT_SELL;

describe("privacy request endpoints", () => {
  let t: TestApp;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });
  const rows = (kind?: string) =>
    kind
      ? t.database.db.select().from(privacyRequests).where(eq(privacyRequests.kind, kind))
      : t.database.db.select().from(privacyRequests);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  describe("POST /api/unsubscribe", () => {
    it("stores a good request, trimmed, with the phone as digits, and answers with a reference", async () => {
      const res = await post("/api/unsubscribe", UNSUBSCRIBE);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 200, message: REQUEST_TYPE_RULES.UNSUBSCRIBE.acknowledgement });
      expect(body.data.reference).toMatch(/^PR-[0-9A-Z]{10}$/);
      const [row] = await t.database.db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.id, body.data.reference));
      expect(row).toMatchObject({
        kind: "unsubscribe",
        email: "jo.public@example.com",
        phone: "2125550123",
        requestType: "UNSUBSCRIBE",
        // Carried out before the answer: suppression reads this row.
        status: "completed",
        payload: { email: "Jo.Public@Example.com", phone: "2125550123", unsubscribe: "TOO_MANY_MESSAGES" },
      });
      expect(row?.ip).toBeTruthy();
    });

    it("treats the same request sent again, typed differently, as the same request", async () => {
      const first = await post("/api/unsubscribe", { ...UNSUBSCRIBE, email: "same@example.com" });
      const again = await post("/api/unsubscribe", {
        ...UNSUBSCRIBE,
        email: "  SAME@example.com",
        phone: "212 555 0123",
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.reference).toBe(first.json().data.reference);
      const stored = (await rows("unsubscribe")).filter((r) => r.email === "same@example.com");
      expect(stored).toHaveLength(1);
    });

    it("keeps one row when the same request arrives concurrently", async () => {
      const body = { ...UNSUBSCRIBE, email: "race@example.com" };
      const answers = await Promise.all([1, 2, 3, 4].map(() => post("/api/unsubscribe", body)));
      expect(new Set(answers.map((a) => a.json().data.reference)).size).toBe(1);
      expect((await rows("unsubscribe")).filter((r) => r.email === "race@example.com")).toHaveLength(1);
    });

    it("records a request with a different reason as its own", async () => {
      const a = await post("/api/unsubscribe", { ...UNSUBSCRIBE, email: "two@example.com" });
      const b = await post("/api/unsubscribe", { ...UNSUBSCRIBE, email: "two@example.com", unsubscribe: "OTHER" });
      expect(b.json().data.reference).not.toBe(a.json().data.reference);
    });

    it.each([
      [
        {},
        {
          email: MESSAGES.emailRequired,
          phone: MESSAGES.phoneRequired,
          unsubscribe: MESSAGES.unsubscribeReasonRequired,
        },
      ],
      [{ ...UNSUBSCRIBE, email: "jo@" }, { email: MESSAGES.formEmailInvalid }],
      [{ ...UNSUBSCRIBE, phone: "(212)-555-012" }, { phone: MESSAGES.formPhoneLength }],
      [{ ...UNSUBSCRIBE, unsubscribe: "BORED" }, { unsubscribe: MESSAGES.unsubscribeReasonRequired }],
    ])("refuses %j with 400, the spec's field messages, and stores nothing", async (payload, errors) => {
      const before = (await rows()).length;
      const res = await post("/api/unsubscribe", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors });
      expect((await rows()).length).toBe(before);
    });

    it("refuses a body that is not JSON, and stores nothing", async () => {
      const before = (await rows()).length;
      const res = await post("/api/unsubscribe", "email=jo@example.com", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ status: 415 });
      const broken = await post("/api/unsubscribe", '{"email": ', { "content-type": "application/json" });
      expect(broken.statusCode).toBe(400);
      expect((await rows()).length).toBe(before);
    });

    it("refuses an oversized body with 413 and stores nothing", async () => {
      const before = (await rows()).length;
      const res = await post("/api/unsubscribe", { ...UNSUBSCRIBE, padding: "x".repeat(PRIVACY_FORM_BODY_LIMIT) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 413 });
      expect((await rows()).length).toBe(before);
    });

    it("answers a filled honeypot like a person but stores nothing", async () => {
      const before = (await rows()).length;
      const res = await post("/api/unsubscribe", {
        ...UNSUBSCRIBE,
        email: "bot@example.com",
        website: "http://spam.example",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: REQUEST_TYPE_RULES.UNSUBSCRIBE.acknowledgement });
      expect((await rows()).length).toBe(before);
    });
  });

  describe("POST /api/do-not-sell-information", () => {
    it("stores a complete request and answers with the message for its type", async () => {
      const res = await post("/api/do-not-sell-information", { ...DO_NOT_SELL, website: "" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, message: REQUEST_TYPE_RULES.DO_NOT_SELL.acknowledgement });
      const [row] = await t.database.db
        .select()
        .from(privacyRequests)
        .where(eq(privacyRequests.id, res.json().data.reference));
      expect(row).toMatchObject({
        kind: "do-not-sell",
        email: "jo@example.com",
        phone: "2125550123",
        payload: DO_NOT_SELL,
      });
    });

    it("is idempotent", async () => {
      const body = { ...DO_NOT_SELL, stateResidencyPrompt: "ACCESS" };
      const first = await post("/api/do-not-sell-information", body);
      const again = await post("/api/do-not-sell-information", { ...body, firstName: " jo ", city: "SAN FRANCISCO" });
      expect(first.json().message).toBe(REQUEST_TYPE_RULES.ACCESS.acknowledgement);
      expect(again.json().data.reference).toBe(first.json().data.reference);
    });

    it("refuses a zip of another state, or no zip at all, on the zip field, and stores nothing", async () => {
      const before = (await rows()).length;
      const newYork = await post("/api/do-not-sell-information", { ...DO_NOT_SELL, zipCode: "10001", state: "CA" });
      expect(newYork.statusCode).toBe(400);
      expect(newYork.json().errors).toEqual({ zipCode: MESSAGES.zipNotInState });
      const unknown = await post("/api/do-not-sell-information", { ...DO_NOT_SELL, zipCode: "00000" });
      expect(unknown.json().errors).toEqual({ zipCode: MESSAGES.addressZipUnknown });
      expect((await rows()).length).toBe(before);
      const noMiddleName = await post("/api/do-not-sell-information", { ...DO_NOT_SELL, middleName: "" });
      expect(noMiddleName.statusCode).toBe(200);
    });

    it("refuses bad input with every field's message and stores nothing", async () => {
      const before = (await rows()).length;
      const res = await post("/api/do-not-sell-information", {
        stateResidencyPrompt: "",
        firstName: " ",
        middleName: "",
        lastName: "",
        email: "x@y",
        phone: "212555",
        country: "",
        zipCode: "9410",
        state: "",
        address: "1 Ma",
        city: "",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        stateResidencyPrompt: MESSAGES.requestTypeRequired,
        firstName: MESSAGES.formFirstNameRequired,
        lastName: MESSAGES.formLastNameRequired,
        email: MESSAGES.formEmailInvalid,
        phone: MESSAGES.formPhoneLength,
        country: MESSAGES.countryRequired,
        zipCode: MESSAGES.formZipLength,
        state: MESSAGES.stateTypeRequired,
        address: MESSAGES.addressMin,
        city: MESSAGES.cityRequired,
      });
      expect((await rows()).length).toBe(before);
    });

    it("refuses an oversized body with 413", async () => {
      const res = await post("/api/do-not-sell-information", { ...DO_NOT_SELL, address: "x".repeat(10_000) });
      expect(res.statusCode).toBe(413);
    });
  });
});

describe("privacy request rate limit", () => {
  it("answers 429 past the forms limit", async () => {
    const t = await createTestApp({ RATE_LIMIT_FORMS_PER_MINUTE: "2" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: "POST", url: "/api/unsubscribe", payload: UNSUBSCRIBE });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.app.close();
    }
  });
});
