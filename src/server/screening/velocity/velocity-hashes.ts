import { isIP } from "node:net";
import { isInternalAddress } from "../../platform/net/internal-addresses.ts";
import { personHash } from "../../platform/security/person-hash.ts";

// What an application's auction keeps for the velocity check to count by (docs/product/screening.md#velocity): keyed
// hashes of its device cookie and its IP. Only a public IP is counted: a private, loopback or reserved one is a proxy
// the server was not told to trust (every visitor would share it, and the twentieth would be held), or a test's.
export function velocityHashes(
  secret: Buffer,
  seen: { deviceId: string | undefined; ip: string | null | undefined },
): { deviceHash: string | null; ipHash: string | null } {
  const ip = seen.ip?.trim();
  const countable = ip && isIP(ip) !== 0 && !isInternalAddress(ip);
  return {
    deviceHash: personHash(secret, "device", seen.deviceId),
    ipHash: countable ? personHash(secret, "ip", ip) : null,
  };
}
