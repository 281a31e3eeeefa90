import pg from "pg";
import { describe, it } from "vitest";
import { openDatabase } from "../../src/server/platform/db/database.ts";
import {
  CASE_TIMEOUT_MS,
  checkOutcome,
  crashBed,
  crashRun,
  freshPostgres,
  readRows,
  seeded,
  SEED,
  type Rows,
} from "./crash-bed.ts";

// One server on this run's database, killed with SIGKILL and started again on the same data
// (tests/integration/crash-bed.ts says what every run must show): the embedded database in a data directory by
// default, a fresh PostgreSQL database when DATABASE_URL is set (`npm run test:server`). Two servers on one
// PostgreSQL database are auction-crash-two-servers.test.ts.

const { scenario, cleanups } = crashBed();

describe("auctions through crashes", () => {
  it(
    "decides every lead once when its server is killed and restarted on the same data",
    async () => {
      const adminUrl = process.env.DATABASE_URL || undefined;
      const fresh = adminUrl ? await freshPostgres(adminUrl, cleanups) : undefined;
      const { network, slots, dir } = await scenario(fresh?.url, ["one"]);
      const run = await crashRun(slots, network, 5, seeded(SEED));

      let rows: Rows;
      if (fresh) {
        const client = new pg.Client({ connectionString: fresh.url });
        await client.connect();
        rows = await readRows((q) => client.query(q));
        await client.end();
      } else {
        // The embedded database, opened here once its server has stopped.
        const database = await openDatabase({ dataDir: dir });
        rows = await readRows((q) => database.pglite!.query(q));
        await database.close();
      }
      checkOutcome(run, network, rows);
    },
    CASE_TIMEOUT_MS,
  );
});
