import { PassThrough } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LEAD_FIELDS, SERVER_FIELDS } from "#domain/fields/lead-fields.ts";
import { loggerOptions } from "./logger.ts";

describe("logger redaction", () => {
  it("never writes personal data, however deep it sits in a logged object", async () => {
    const stream = new PassThrough();
    let out = "";
    stream.on("data", (c: Buffer) => (out += c.toString()));
    const log = pino(loggerOptions({ logLevel: "info", env: "test" }), stream);
    log.info({ ssn: "123456789", body: { bank_account_number: "000123456789", email: "jo@example.com" } }, "step");
    log.info({ req: { method: "GET", url: "/api/x?zip=90210&email=a@b.c", id: "1" } }, "request");
    log.info({ req: { method: "GET", url: "/api/routing/021000021", id: "2" } }, "request");
    await new Promise((r) => setImmediate(r));
    expect(out).not.toContain("123456789");
    expect(out).not.toContain("000123456789");
    expect(out).not.toContain("jo@example.com");
    expect(out).not.toContain("90210");
    expect(out).toContain("[redacted]");
    expect(out).toContain('"url":"/api/x"');
    expect(out).not.toContain("021000021");
    expect(out).toContain('"url":"/api/routing/:aba"');
  });

  it("scrubs every name of every field the registry keeps from buyers' pings (contact, restricted)", async () => {
    const stream = new PassThrough();
    let out = "";
    stream.on("data", (c: Buffer) => (out += c.toString()));
    const log = pino(loggerOptions({ logLevel: "info", env: "test" }), stream);
    const secret = (name: string) => `secret-of-${name}`;
    const names = SERVER_FIELDS.filter((f) => ["contact", "restricted"].includes(LEAD_FIELDS[f].exposure)).flatMap(
      (f) => {
        const spec = LEAD_FIELDS[f] as { client: string; aliases?: readonly string[] };
        return [f, spec.client, ...(spec.aliases ?? [])];
      },
    );
    // The ones pings kept but logs wrote before the registry held both (trial finding 3), by every name.
    expect(names).toEqual(expect.arrayContaining(["user_ip", "ipAddress", "userAgent", "tracking_id", "latitude"]));
    expect(names).toEqual(expect.arrayContaining(["longitude", "work_company_name", "employerName"]));
    const body = Object.fromEntries(names.map((name) => [name, secret(name)]));
    log.info({ ...body, body, nested: { body }, loan_amount: 4321 }, "step");
    await new Promise((r) => setImmediate(r));
    for (const name of names) expect(out, name).not.toContain(secret(name));
    expect(out).toContain("[redacted]");
    expect(out).toContain('"loan_amount":4321'); // a ping field identifies no one and stays
  });

  it("never writes the token of a link that opens a person's data", async () => {
    const stream = new PassThrough();
    let out = "";
    stream.on("data", (c: Buffer) => (out += c.toString()));
    const log = pino(loggerOptions({ logLevel: "info", env: "test" }), stream);
    const token = "PR-TEC3ZGVDPF.1799484586.uKy2AvSecretMacPart";
    for (const url of [`/privacy/delete/${token}`, `/api/privacy/export/${token}`, `/consent/certificate/${token}`]) {
      log.info({ req: { method: "GET", url, id: "3" } }, "request");
    }
    await new Promise((r) => setImmediate(r));
    expect(out).not.toContain("SecretMacPart");
    expect(out).toContain('"url":"/privacy/delete/:token"');
    expect(out).toContain('"url":"/api/privacy/export/:token"');
    expect(out).toContain('"url":"/consent/certificate/:token"');
  });

  it("logs an error's type, codes and stack frames, never its message, which can quote the input", async () => {
    const stream = new PassThrough();
    let out = "";
    stream.on("data", (c: Buffer) => (out += c.toString()));
    const log = pino(loggerOptions({ logLevel: "info", env: "test" }), stream);
    const cause = Object.assign(new Error("invalid byte sequence for encoding UTF8: 0x00"), { code: "22021" });
    const error = new Error("Failed query: insert into leads ... params: jo@example.com,Secretname", { cause });
    log.error({ err: error }, "unhandled error");
    await new Promise((r) => setImmediate(r));
    expect(out).not.toContain("jo@example.com");
    expect(out).not.toContain("Secretname");
    const line = JSON.parse(out) as { err: { type: string; stack: string; cause: { code: string } } };
    expect(line.err.type).toBe("Error");
    expect(line.err.cause.code).toBe("22021");
    expect(line.err.stack).toMatch(/^at /);
  });

  it("sends development lines through pino-pretty and keeps JSON lines in test and production", () => {
    expect(loggerOptions({ logLevel: "info", env: "development", logPretty: true }).transport).toMatchObject({
      target: "pino-pretty",
    });
    expect(loggerOptions({ logLevel: "info", env: "development", logPretty: false }).transport).toBeUndefined();
    expect(loggerOptions({ logLevel: "info", env: "production", logPretty: true }).transport).toBeUndefined();
    expect(loggerOptions({ logLevel: "info", env: "test" }).transport).toBeUndefined();
  });

  it("redacts personal data in the pretty lines too", async () => {
    const { default: pretty } = await import("pino-pretty");
    const destination = new PassThrough();
    let out = "";
    destination.on("data", (c: Buffer) => (out += c.toString()));
    const stream = pretty({ colorize: false, destination });
    const log = pino(loggerOptions({ logLevel: "info", env: "development" }), stream);
    log.info({ ssn: "123456789", body: { email: "jo@example.com" } }, "step saved");
    await new Promise((r) => setImmediate(r));
    expect(out).toContain("step saved");
    expect(out).toContain("[redacted]");
    expect(out).not.toContain("123456789");
    expect(out).not.toContain("jo@example.com");
  });
});
