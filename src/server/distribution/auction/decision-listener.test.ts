import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../../../../tests/helpers/postgres-reachable.ts";
import { createPostgresDatabase } from "../../../../tests/helpers/test-database.ts";
import { openDatabase, type Database } from "../../platform/db/database.ts";
import { listenForDecisions, type DecisionListener } from "./decision-listener.ts";

// Decisions heard from any process (docs/decisions/0037-several-processes.md): the trigger on `auctions`
// notifies at commit with the lead id alone, and the listener comes back after its connection is cut.

/** An event source the test can wait on: each call answers the next value pushed. */
function queue<T>() {
  const values: T[] = [];
  const waiting: ((value: T) => void)[] = [];
  return {
    push(value: T) {
      const next = waiting.shift();
      if (next) next(value);
      else values.push(value);
    },
    next(): Promise<T> {
      const value = values.shift();
      return value !== undefined ? Promise.resolve(value) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

describe.skipIf(!postgresReachable)(`decision listener${unlessPostgres}`, () => {
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let listener: DecisionListener | undefined;
  const decided = queue<string>();
  const connected = queue<true>();
  const warnings: string[] = [];

  beforeAll(async () => {
    fresh = await createPostgresDatabase(POSTGRES_URL);
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    await database.migrate();
    listener = await listenForDecisions(fresh.url, {
      decided: (leadId) => decided.push(leadId),
      connected: () => connected.push(true),
      warn: (message) => warnings.push(message),
    });
    await connected.next();
  });
  afterAll(async () => {
    await listener?.close();
    await database?.close();
    await fresh?.drop();
  });

  const query = (text: string, values: unknown[] = []) => (database.pool as pg.Pool).query(text, values);
  const pendingAuction = async (leadId: string) => {
    await query("insert into leads (id, access_token_hash) values ($1, 'x')", [leadId]);
    await query("insert into auctions (lead_id, deadline_at) values ($1, now() + interval '1 minute')", [leadId]);
  };

  it("hears a decision made on another connection, with the lead id alone, and not lease renewals", async () => {
    await pendingAuction("lead-notify-0");
    await pendingAuction("lead-notify-1");
    // A lease renewal and other updates of a pending auction notify nobody: the first heard is the decision.
    await query("update auctions set lease_until = now(), runs = 1 where lead_id = 'lead-notify-0'");
    await query("update auctions set status = 'accepted', buyer_id = 'b1' where lead_id = 'lead-notify-1'");
    expect(await decided.next()).toBe("lead-notify-1");
    expect(listener?.listening()).toBe(true);
  });

  it("listens again after its connection is cut, and says so", async () => {
    await query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'loanpath-decisions' and datname = current_database()",
    );
    await connected.next();
    expect(warnings.some((w) => w.startsWith("decision listener lost"))).toBe(true);
    await pendingAuction("lead-notify-2");
    await query("update auctions set status = 'rejected', reason = 'x' where lead_id = 'lead-notify-2'");
    expect(await decided.next()).toBe("lead-notify-2");
  });
});
