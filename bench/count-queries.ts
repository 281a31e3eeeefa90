// Loaded into the bench's server process (`node --import`): counts the statements it sends to PostgreSQL,
// written to BENCH_QUERY_COUNT_FILE on SIGUSR2. A count of round trips per auction, which a busy machine does
// not blur as it blurs times (auction-goals.ts).
import { writeFileSync } from "node:fs";
import pg from "pg";

let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) process.on("SIGUSR2", () => writeFileSync(file, String(statements)));
