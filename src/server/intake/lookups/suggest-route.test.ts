import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { SUGGEST_ONE_FIELD_MESSAGE, SUGGEST_TERM_MESSAGE } from "#domain/contracts/lookups.ts";

describe("GET /api/personal_loan/suggest", () => {
  let t: TestApp;
  const get = (query: string) => t.app.inject({ method: "GET", url: `/api/personal_loan/suggest?${query}` });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it.each([
    ["first_name", "jam", "James"],
    ["last_name", "rodr", "Rodriguez"],
    ["employer", "walm", "Walmart"],
    ["job_title", "regist", "Registered Nurse"],
  ])("answers %s suggestions under the same name", async (field, typed, first) => {
    const res = await get(`${field}=${typed}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, message: "ok" });
    expect(Object.keys(body.data)).toEqual([field]);
    expect(body.data[field][0]).toBe(first);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("ranks prefix matches by popularity, in proper case, at most 10", async () => {
    const res = await get("first_name=MAR");
    const names: string[] = res.json().data.first_name;
    expect(names.slice(0, 4)).toEqual(["Mary", "Maria", "Margaret", "Mark"]);
    expect(names).toHaveLength(10);
    for (const name of names) expect(name.toLowerCase().startsWith("mar")).toBe(true);
  });

  it("finds an employer by a later word after whole-name matches", async () => {
    const res = await get("employer=army");
    expect(res.json().data.employer).toEqual(["Army National Guard", "U.S. Army"]);
  });

  it("trims the typed text and answers an empty list when nothing matches", async () => {
    expect((await get("first_name=%20%20jam%20%20")).json().data.first_name[0]).toBe("James");
    const res = await get("job_title=zzzzqx");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: "ok", data: { job_title: [] } });
  });

  it("accepts exactly 3 and exactly 49 characters", async () => {
    expect((await get("first_name=abc")).statusCode).toBe(200);
    expect((await get(`employer=${"a".repeat(49)}`)).statusCode).toBe(200);
  });

  it.each([
    ["no parameter at all", "", { query: SUGGEST_ONE_FIELD_MESSAGE }],
    ["an unknown parameter only", "nickname=jimbo", { query: SUGGEST_ONE_FIELD_MESSAGE }],
    ["two parameters", "first_name=jam&last_name=smi", { query: SUGGEST_ONE_FIELD_MESSAGE }],
    ["too short", "first_name=ja", { first_name: SUGGEST_TERM_MESSAGE }],
    ["too short after trimming", "last_name=%20ab%20%20", { last_name: SUGGEST_TERM_MESSAGE }],
    ["too long", `employer=${"a".repeat(50)}`, { employer: SUGGEST_TERM_MESSAGE }],
    ["repeated (an array, not text)", "job_title=cook&job_title=cashier", { job_title: "must be given once, as text" }],
  ])("refuses %s with 400 and a field message", async (_name, query, errors) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: "Please correct the highlighted fields.", errors });
  });
});
