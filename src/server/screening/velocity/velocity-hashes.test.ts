import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { velocityHashes } from "./velocity-hashes.ts";

const secret = randomBytes(32);

describe("what velocity counts an application by", () => {
  it("hashes a public IP and the device, the same for the same values and never in clear", () => {
    const a = velocityHashes(secret, { deviceId: "dv_AAAAAAAAAAAAAAAAAAAAAA", ip: "8.8.8.8" });
    const b = velocityHashes(secret, { deviceId: "dv_AAAAAAAAAAAAAAAAAAAAAA", ip: " 8.8.8.8 " });
    expect(a).toEqual(b);
    expect(a.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.deviceHash).not.toBe(a.ipHash);
    expect(velocityHashes(randomBytes(32), { deviceId: undefined, ip: "8.8.8.8" }).ipHash).not.toBe(a.ipHash);
  });

  it("counts no private, loopback or reserved IP: a proxy nobody said to trust would hold every visitor", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.0.9", "::1", "203.0.113.9", "not an ip", "", null]) {
      expect(velocityHashes(secret, { deviceId: undefined, ip }).ipHash, String(ip)).toBeNull();
    }
  });
});
