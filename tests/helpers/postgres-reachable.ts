import pg from "pg";

// Tests that need several processes on one PostgreSQL database run in every run where a PostgreSQL server
// answers: on DATABASE_URL, or else the address CI and README.md use for the PostgreSQL suites. Where none
// answers they are skipped, and their name says why. CI's first pass (`npm test` on the embedded database)
// sets POSTGRES_ONLY_TESTS=later: its PostgreSQL pass runs them next on the same server, and running them
// twice there told nothing more (docs/decisions/0028-ci-time.md).

export const POSTGRES_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const later = process.env.POSTGRES_ONLY_TESTS === "later" && !process.env.DATABASE_URL;

export const postgresReachable =
  !later &&
  (await (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
    try {
      await client.connect();
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })());

/** The words a PostgreSQL-only test's name ends with when it is skipped. */
export const unlessPostgres = later
  ? " (skipped here: POSTGRES_ONLY_TESTS=later, the PostgreSQL pass runs it)"
  : postgresReachable
    ? ""
    : ` (skipped: no PostgreSQL answers at ${POSTGRES_URL}; set DATABASE_URL)`;
