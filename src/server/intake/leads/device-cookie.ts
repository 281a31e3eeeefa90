import type {} from "@fastify/cookie";
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

// The first-party device cookie the gate's velocity check counts applications by (docs/product/screening.md#velocity):
// a random id, set when a browser starts its first lead and kept a year, so twenty applications from one browser in
// an hour are seen as one device's. It names no one and opens nothing; only its keyed hash is stored (on the auction).
const DEVICE_COOKIE = "lp_device";
const DEVICE_PATTERN = /^dv_[A-Za-z0-9_-]{22}$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The request's device id, when it carries one this server could have set. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies.lp_device;
  return value && DEVICE_PATTERN.test(value) ? value : undefined;
}

/** Sets the device cookie unless the browser has one. */
export function keepDeviceCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (deviceIdOf(request)) return;
  reply.setCookie(DEVICE_COOKIE, `dv_${randomBytes(16).toString("base64url")}`, {
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/api",
    maxAge: YEAR_SECONDS,
  });
}
