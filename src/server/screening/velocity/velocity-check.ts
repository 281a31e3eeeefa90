import { sql } from "drizzle-orm";
import { VELOCITY_KEYS, type ScreeningSettings, type VelocityKey } from "#domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import { rowsOf } from "../../platform/db/rows-of.ts";
import type { ScreeningCheck } from "../gate/screening-check.ts";

// Applications per device, IP, phone and e-mail in a window (docs/product/screening.md#velocity), counted in the
// shared database so every process sees the same numbers: each application is an auction row carrying the keyed
// hashes of its device cookie, IP, phone and e-mail, indexed with its time. The lead's own row counts, so with a limit
// of 20 an hour the twenty-first application from one device in an hour is flagged. Test leads count only among
// themselves, as they do for duplicates.

const COLUMN: Record<VelocityKey, string> = {
  device: "device_hash",
  ip: "ip_hash",
  phone: "phone_hash",
  email: "email_hash",
};

export function createVelocityCheck(db: Db, settings: () => Promise<ScreeningSettings>): ScreeningCheck {
  return {
    name: "velocity",
    answers: ["velocity"],
    timeoutMs: 1_000,
    async run(input) {
      const limits = (await settings()).velocity;
      const asked = VELOCITY_KEYS.filter((key) => input.hashes[key]);
      if (asked.length === 0)
        return { velocity: { answer: "unknown", source: "offline", detail: "nothing to count by" } };
      // One statement, one index range per key.
      // The lead's own application is the 1: its row is counted by its id, not by its time, which the database keeps
      // in microseconds and this process in milliseconds.
      const counts = asked.map(
        (key) => sql`(select count(*)::int + 1 from auctions
          where ${sql.raw(COLUMN[key])} = ${input.hashes[key]}
            and created_at > ${input.sentAt.toISOString()}::timestamptz - make_interval(mins => ${limits[key].windowMinutes})
            and created_at <= ${input.sentAt.toISOString()}::timestamptz
            and lead_id <> ${input.leadId}
            and test_mode = ${input.testMode}) as ${sql.raw(key)}`,
      );
      const [row] = await rowsOf<Record<VelocityKey, number>>(db, sql`select ${sql.join(counts, sql`, `)}`);
      const over = asked.filter((key) => Number(row?.[key] ?? 0) > limits[key].limit);
      if (over.length === 0) return { velocity: { answer: "ok", source: "offline" } };
      const detail = over
        .map((key) => `${key}: ${Number(row?.[key])} in ${windowText(limits[key].windowMinutes)}`)
        .join(", ");
      return { velocity: { answer: "flagged", source: "offline", detail } };
    },
  };
}

const windowText = (minutes: number) =>
  minutes % 1440 === 0 ? `${minutes / 1440} d` : minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
