// Seeded volume for demos and the bench: `npm run seed:volume -- [--leads 500000] [--days 90] [--buyers 20]
// [--sources 10] [--brands 2]` (README, "Other commands"). Fills the configured database (DATABASE_URL's
// PostgreSQL, else DATA_DIR's embedded one: stop the server first) and replaces an earlier seed.
import { parseArgs } from "node:util";
import { SeedRefused } from "../src/server/console/volume/seed-money.ts";
import { SEED_DEFAULTS, seedVolume, type SeedOptions } from "../src/server/console/volume/seed-volume.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openConfiguredDatabase } from "../src/server/platform/db/database.ts";
import { loadConfiguredSecrets } from "../src/server/platform/security/secrets.ts";

const { values } = parseArgs({
  options: Object.fromEntries(Object.keys(SEED_DEFAULTS).map((k) => [k, { type: "string" as const }])),
});
const options: Partial<SeedOptions> = {};
for (const [key, value] of Object.entries(values)) {
  const n = Number(value);
  if (!Number.isInteger(n)) {
    console.error(`--${key} must be a whole number (got ${String(value)})`);
    process.exit(1);
  }
  options[key as keyof SeedOptions] = n;
}

const config = loadConfig();
const secrets = await loadConfiguredSecrets(config);
const database = await openConfiguredDatabase(config);
await database.migrate();
const started = Date.now();
try {
  const counts = await seedVolume(database.db, secrets, options, (done, total) =>
    console.log(`${done} of ${total} leads (${Math.round((Date.now() - started) / 1000)} s)`),
  );
  console.log(`Seeded in ${Math.round((Date.now() - started) / 1000)} s:`, counts);
} catch (error) {
  if (!(error instanceof SeedRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
