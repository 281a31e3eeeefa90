import pg from "pg";
import { describe, it } from "vitest";
import { POSTGRES_URL, postgresReachable, unlessPostgres } from "../helpers/postgres-reachable.ts";
import {
  CASE_TIMEOUT_MS,
  checkOutcome,
  crashBed,
  crashRun,
  freshPostgres,
  readRows,
  seeded,
  SEED,
} from "./crash-bed.ts";

// Two servers on one fresh PostgreSQL database behind a load balancer, one of them killed with SIGKILL at
// random moments and started again (tests/integration/crash-bed.ts says what every run must show). Only
// PostgreSQL can hold two servers, so this runs where tests/helpers/postgres-reachable.ts finds one.

const { scenario, cleanups } = crashBed();

describe.skipIf(!postgresReachable)(`auctions through crashes${unlessPostgres}`, () => {
  it(
    "decides every lead once with two servers on one PostgreSQL database, one killed at random moments",
    async () => {
      const fresh = await freshPostgres(POSTGRES_URL, cleanups);
      const { network, slots } = await scenario(fresh.url, ["A", "B"]);
      const run = await crashRun(slots, network, 6, seeded(SEED + 1));
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const rows = await readRows((q) => client.query(q));
      await client.end();
      checkOutcome(run, network, rows);
    },
    CASE_TIMEOUT_MS,
  );
});
