import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { createLead } from "../../../tests/helpers/lead-client.ts";
import { isSuppressed } from "./suppression.ts";

describe("isSuppressed", () => {
  let t: TestApp;
  const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, payload });

  beforeAll(async () => {
    t = await createTestApp();
    await post("/api/unsubscribe", { email: "Gone@Example.com", phone: "(212)-555-0100", unsubscribe: "OTHER" });
    const person = {
      firstName: "A",
      middleName: "B",
      lastName: "C",
      phone: "2125550200",
      country: "US",
      zipCode: "94105",
      state: "CA",
      address: "1 Market Street",
      city: "San Francisco",
    };
    await post("/api/do-not-sell-information", {
      ...person,
      stateResidencyPrompt: "DO_NOT_SELL",
      email: "nosale@example.com",
    });
    await post("/api/do-not-sell-information", {
      ...person,
      stateResidencyPrompt: "ACCESS",
      email: "curious@example.com",
      phone: "2125550300",
    });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("suppresses an unsubscribed e-mail or phone, whatever its case or format", async () => {
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "gone@example.com" })).toBe(true);
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { phones: ["212-555-0100"] })).toBe(true);
    // Any one of a lead's phones is enough.
    expect(
      await isSuppressed(t.database.db, t.secrets.tokenSecret, { phones: ["3127360000", null, "212-555-0100"] }),
    ).toBe(true);
  });

  it("suppresses after a request not to sell, but not after a request to know", async () => {
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "nosale@example.com" })).toBe(true);
    expect(
      await isSuppressed(t.database.db, t.secrets.tokenSecret, {
        email: "curious@example.com",
        phones: ["2125550300"],
      }),
    ).toBe(false);
  });

  it("suppresses the e-mail and phone of a lead whose browser sent Global Privacy Control, in any later lead", async () => {
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "private@example.com" })).toBe(false);
    const created = await createLead(
      t.app,
      { email: "Private@Example.com", cell_phone: "3127364123", home_phone: "3127364123" },
      { "sec-gpc": "1" },
    );
    expect(created.res.statusCode).toBe(200);
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "private@example.com" })).toBe(true);
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, { phones: ["(312)-736-4123"] })).toBe(true);
    // The same person on another device without the signal is still the person who asked.
    expect(
      await isSuppressed(t.database.db, t.secrets.tokenSecret, {
        email: "PRIVATE@example.com",
        phones: ["3127364999"],
      }),
    ).toBe(true);
  });

  it("does not suppress anyone else", async () => {
    expect(
      await isSuppressed(t.database.db, t.secrets.tokenSecret, { email: "new@example.com", phones: ["2125550999"] }),
    ).toBe(false);
    expect(await isSuppressed(t.database.db, t.secrets.tokenSecret, {})).toBe(false);
  });
});
