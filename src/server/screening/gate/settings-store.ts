import { eq } from "drizzle-orm";
import {
  DEFAULT_SCREENING_SETTINGS,
  screeningSettingsSchema,
  type ScreeningSettings,
} from "#domain/screening/quality-checks.ts";
import type { Db } from "../../platform/db/database.ts";
import { screeningSettings } from "../../platform/db/schema.ts";

// The operator's refusal rules and velocity limits (docs/product/screening.md#refusals): one row, read by every
// process. Each process keeps what it read for a few seconds, so a gate run costs no extra read, and a change in the
// console reaches every process within that time.

const ROW = "current";
const KEEP_MS = 5_000;

export type SettingsSource = {
  current(): Promise<ScreeningSettings>;
  /** The row as saved, and who saved it when; the defaults when nobody has. */
  read(): Promise<{ settings: ScreeningSettings; updatedAt: Date | null; updatedBy: string | null }>;
  save(settings: ScreeningSettings, by: string): Promise<void>;
};

export function createSettingsSource(db: Db, now: () => number = Date.now): SettingsSource {
  let kept: { settings: ScreeningSettings; until: number } | undefined;
  const read: SettingsSource["read"] = async () => {
    const [row] = await db.select().from(screeningSettings).where(eq(screeningSettings.id, ROW)).limit(1);
    // A row a newer build wrote in a shape this one cannot read falls back to the defaults rather than stop the gate.
    const parsed = row ? screeningSettingsSchema.safeParse(row.settings) : undefined;
    return {
      settings: parsed?.success ? parsed.data : DEFAULT_SCREENING_SETTINGS,
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  };
  return {
    async current() {
      if (kept && kept.until > now()) return kept.settings;
      const { settings } = await read();
      kept = { settings, until: now() + KEEP_MS };
      return settings;
    },
    read,
    async save(settings, by) {
      const valid = screeningSettingsSchema.parse(settings);
      const at = new Date();
      await db
        .insert(screeningSettings)
        .values({ id: ROW, settings: valid, updatedAt: at, updatedBy: by })
        .onConflictDoUpdate({ target: screeningSettings.id, set: { settings: valid, updatedAt: at, updatedBy: by } });
      kept = undefined;
    },
  };
}
