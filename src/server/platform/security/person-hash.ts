import { createHmac } from "node:crypto";
import { secretKey } from "./secret-key.ts";

// Keyed hashes of who a person is: equal for the same e-mail, phone or SSN, useless to anyone without the
// server's token secret (an SSN or a phone number has too few values for a plain hash to hide it). The
// auction's duplicate checks, the tombstones an erasure leaves behind (docs/product/privacy-requests.md#delete)
// and the console's lead search (lead_search_hashes) use the same ones, so rotating TOKEN_SECRET forgets all
// three. Here, below every context, because intake, compliance and distribution all need it
// (docs/decisions/0027-server-contexts.md).
// The gate's velocity check (docs/product/screening.md#velocity) counts applications by the same kind of hash of the
// visitor's device cookie and IP.
export type PersonHashKind = "email" | "phone" | "ssn" | "device" | "ip";

const NORMALIZE: Record<PersonHashKind, (value: string) => string> = {
  email: (value) => value.trim().toLowerCase(),
  // The last ten digits: "+1 (212) 555-1234" and "2125551234" are one phone.
  phone: (value) => value.replace(/\D/g, "").slice(-10),
  ssn: (value) => value.replace(/\D/g, ""),
  device: (value) => value.trim(),
  ip: (value) => value.trim().toLowerCase(),
};

export function personHash(secret: Buffer, kind: PersonHashKind, value: string | null | undefined): string | null {
  const normalized = value ? NORMALIZE[kind](value) : "";
  return normalized ? createHmac("sha256", secretKey(secret)).update(`${kind}:${normalized}`).digest("hex") : null;
}
