import { randomBytes } from "node:crypto";

/** A password for a new account, shown once: 120 random bits, in groups of five for reading off a screen. */
export function newPassword(): string {
  return (
    randomBytes(15)
      .toString("base64url")
      .match(/.{1,5}/g) ?? []
  ).join("-");
}
