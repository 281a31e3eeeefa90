// Applies pending migrations to the configured database (the server also does this at start).
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openConfiguredDatabase } from "../src/server/platform/db/database.ts";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.driver}).`);
