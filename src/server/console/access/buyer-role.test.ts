import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { consoleRoutes } from "../../../../tests/helpers/console-routes.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { addBuyers, lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { NOT_ALLOWED } from "./console-access.ts";

// The buyer role (docs/product/buyer-money.md#the-buyer-portal): an account bound to one buyer when it is made, which
// no other role becomes, and which every console call but its own answers 403.

describe("a buyer account", () => {
  let t: TestApp;
  let owner: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    await addBuyers(t.database.db, lenderConfig("acme-lending", { url: "https://acme.example" }));
    owner = await signInAs(t, "owner");
  });
  afterAll(() => t.app.close());

  const make = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/console/operators", headers: owner.write, payload });

  it("is made by an owner only bound to a buyer the network knows, and stays a buyer account", async () => {
    const unbound = await make({ email: "b1@acme.test", name: "B", role: "buyer" });
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json().errors).toEqual({ buyer_id: "Choose the buyer this account sees." });
    const unknown = await make({ email: "b1@acme.test", name: "B", role: "buyer", buyer_id: "nobody" });
    expect(unknown.json().errors).toEqual({ buyer_id: "No buyer with that id." });
    const misbound = await make({ email: "b1@acme.test", name: "B", role: "analyst", buyer_id: "acme-lending" });
    expect(misbound.json().errors).toEqual({ buyer_id: "Only a buyer account is bound to a buyer." });
    const made = await make({ email: "b1@acme.test", name: "B", role: "buyer", buyer_id: "acme-lending" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.operator).toMatchObject({ role: "buyer", buyer_id: "acme-lending", publisher_id: null });
    const promote = await t.app.inject({
      method: "PATCH",
      url: `/api/console/operators/${made.json().data.operator.id as string}`,
      headers: owner.write,
      payload: { role: "manager" },
    });
    expect(promote.statusCode).toBe(409);
  });

  it("answers 403 to a buyer user on every console route but its session and its portal", async () => {
    const buyer = await signInAs(t, "buyer", undefined, "acme-lending");
    const routes = consoleRoutes(
      t.app,
      (path) => path.startsWith("/api/console/session") || path.startsWith("/api/console/portal"),
    );
    expect(routes.length).toBeGreaterThan(25);
    for (const { method, url } of routes) {
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: method === "GET" ? buyer.read : buyer.write,
        payload: method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message, `${method} ${url}`).toBe(NOT_ALLOWED);
    }
  });
});
