import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { auditLog } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { CommandError, runOperatorCommand } from "./operator-command.ts";
import { fromBase32, hotp, totpStep } from "./totp.ts";

describe("npm run operator", () => {
  let t: TestApp;
  let printed: string[];
  const run = (args: string[], stdin = "") =>
    runOperatorCommand(
      args,
      { db: t.database.db, cipher: new PiiCipher(t.secrets.piiKeyring) },
      { readPassword: async () => stdin, print: (text) => printed.push(text) },
    );
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  const signIn = (email: string, password: string, code: string) =>
    t.app.inject({ method: "POST", url: "/api/console/session", payload: { email, password, code } });

  it("creates the first owner, printing a generated password, the authenticator key and recovery codes once", async () => {
    printed = [];
    await run(["create", "--email", "first@loanpath.test", "--name", "First Owner"]);
    const out = printed.join("\n");
    const password = out.match(/Password \(shown once\): (\S+)/)![1]!;
    const key = out.match(/or type the key: ([A-Z2-7]+)/)![1]!;
    const codes = [...out.matchAll(/^ {2}([a-z0-9]{5}-[a-z0-9]{5})$/gm)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    const res = await signIn("first@loanpath.test", password, hotp(fromBase32(key), totpStep(Date.now())));
    expect(res.json().data.operator.role).toBe("owner");
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'operator.create'`);
    expect(entry).toMatchObject({ operatorEmail: "command line", operatorId: null });
  });

  it("takes a chosen password from standard input, never a short one, and refuses a bad role or e-mail", async () => {
    printed = [];
    await expect(
      run(["create", "--email", "b@loanpath.test", "--name", "B", "--password-stdin"], "short\n"),
    ).rejects.toThrow(CommandError);
    await expect(run(["create", "--email", "not an address", "--name", "B"])).rejects.toThrow(/--email/);
    await expect(run(["create", "--email", "b@loanpath.test", "--name", "B", "--role", "king"])).rejects.toThrow(
      /--role/,
    );
    await run(
      ["create", "--email", "b@loanpath.test", "--name", "B", "--role", "analyst", "--password-stdin"],
      "a long chosen passphrase\n",
    );
    expect(printed.join("\n")).not.toContain("a long chosen passphrase");
    await expect(run(["create", "--email", "B@loanpath.test", "--name", "Again"])).rejects.toThrow(/exists/);
  });

  it("resets a locked-out owner: the old password and codes stop working, the new ones work", async () => {
    printed = [];
    await run(["reset", "--email", "first@loanpath.test"]);
    const out = printed.join("\n");
    const password = out.match(/Password \(shown once\): (\S+)/)![1]!;
    const code = out.match(/^ {2}([a-z0-9]{5}-[a-z0-9]{5})$/m)![1]!;
    expect((await signIn("first@loanpath.test", password, code)).statusCode).toBe(200);
    await expect(run(["reset", "--email", "nobody@loanpath.test"])).rejects.toThrow(/No operator/);
    printed = [];
    await run(["list"]);
    expect(printed.join("\n")).toMatch(/first@loanpath\.test\towner\tactive/);
  });
});
