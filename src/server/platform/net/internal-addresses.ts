import { BlockList, isIP } from "node:net";

// The addresses no call made on someone's configuration may reach (docs/decisions/0040-outbound-guard.md): this
// host, the private networks around it, link-local (where cloud metadata services answer, 169.254.169.254),
// multicast, and the ranges reserved for documentation, benchmarks and the future, which no real buyer or
// publisher uses. IPv4 inside IPv6 (mapped, NAT64, 6to4) is refused whole rather than unpacked: no partner's
// address is written that way, and unpacking is where guards have been fooled.

const V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches this host on Linux
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT, and some clouds' metadata (100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: instance metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

const V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["::ffff:0:0", 96], // IPv4-mapped
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ...)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local, where cloud metadata answers on IPv6 (fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

// One list per family: a BlockList checks an IPv4 address against its IPv6 ranges too, as if written inside IPv6,
// which would put every IPv4 address in ::/96.
const internalV4 = new BlockList();
for (const [address, prefix] of V4) internalV4.addSubnet(address, prefix, "ipv4");
const internalV6 = new BlockList();
for (const [address, prefix] of V6) internalV6.addSubnet(address, prefix, "ipv6");

/** True for an IP address (v4 or v6, without brackets) no configured call may reach. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? internalV4.check(address, "ipv4") : internalV6.check(address, "ipv6");
}

/** Names that mean this host or a private network whatever DNS says of them. */
export function isInternalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name.endsWith(".local") ||
    name.endsWith(".internal") ||
    name.endsWith(".home.arpa") ||
    !name.includes(".")
  );
}
