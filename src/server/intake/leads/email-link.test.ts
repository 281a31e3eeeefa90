import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { createLead, leadCookie, putStep, stepBodies } from "../../../../tests/helpers/lead-client.ts";
import { signToken } from "../../platform/security/signed-token.ts";
import { issueResumeToken } from "./resume-token.ts";

let t: TestApp;
let earlier: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const lead = await createLead(t.app, { email: "Maria@Example.com", first_name: "Maria", last_name: "Lopez" });
  earlier = { id: lead.id, cookie: lead.cookie };
  await putStep(t.app, earlier, 2, stepBodies()[2]!);
  await putStep(t.app, earlier, 5, stepBodies()[5]!);
});
afterAll(async () => {
  await t.app.close();
});

const enter = (body: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/v2/email-link",
    payload: { email: "maria@example.com", loan_reason: "MEDICAL", ...body },
  });

describe("POST /api/personal_loan/lead/v2/email-link", () => {
  it("resumes the lead with a valid token: same lead, new cookie, resume path from saved answers", async () => {
    const token = issueResumeToken(t.secrets.tokenSecret, { id: earlier.id, email: "maria@example.com" }, 24);
    const res = await enter({ resume_token: token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.contact).toMatchObject({
      lead_id: earlier.id,
      first_name: "Maria",
      loan_reason: "MEDICAL",
      dob: "****-**-**",
    });
    expect(data.resume_path).toBe("/address"); // phone and birth date saved; the address is next
    const fresh = leadCookie(res);
    const read = (cookie: string) =>
      t.app.inject({ method: "GET", url: `/api/personal_loan/lead/v2/${earlier.id}`, headers: { cookie } });
    expect((await read(fresh)).statusCode).toBe(200);
    expect((await read(earlier.cookie)).statusCode).toBe(404); // the old cookie was rotated out
    earlier.cookie = fresh;
  });

  it.each([
    ["no token", () => undefined],
    [
      "a forged token",
      () => signToken(Buffer.alloc(32, 7), { purpose: "resume", sub: earlier.id, exp: Date.now() / 1000 + 3600 }),
    ],
    [
      "an expired token",
      () => issueResumeToken(t.secrets.tokenSecret, { id: earlier.id, email: "maria@example.com" }, -1),
    ],
    [
      "a token for another e-mail",
      () => issueResumeToken(t.secrets.tokenSecret, { id: earlier.id, email: "eve@example.com" }, 24),
    ],
    [
      "a token for another purpose",
      () =>
        signToken(t.secrets.tokenSecret, { purpose: "unsubscribe", sub: earlier.id, exp: Date.now() / 1000 + 3600 }),
    ],
    ["garbage", () => "not.a.token"],
  ])("starts a fresh lead and reveals nothing with %s", async (_name, token) => {
    const res = await enter({ resume_token: token() });
    expect(res.statusCode).toBe(200);
    const { contact, resume_path } = res.json().data;
    expect(contact.lead_id).not.toBe(earlier.id);
    expect(contact).toMatchObject({
      email: "maria@example.com",
      loan_reason: "MEDICAL",
      first_name: null,
      home_phone: null,
      dob: null,
    });
    // A fresh lead has neither name nor amount: the legal name screen asks them first.
    expect(resume_path).toBe("/lgname");
  });

  it("keeps the campaign a fresh lead came from", async () => {
    const res = await enter({ utm_source: "spring-mail" });
    expect(res.json().data.contact.utm_source).toBe("spring-mail");
    expect((await enter({ utm_source: "x".repeat(101) })).statusCode).toBe(400);
  });

  it("refuses a bad e-mail or reason with 400", async () => {
    expect((await enter({ email: "maria@" })).statusCode).toBe(400);
    expect((await enter({ loan_reason: "VACATION" })).statusCode).toBe(400);
  });
});
