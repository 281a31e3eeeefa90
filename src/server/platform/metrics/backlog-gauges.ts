import { sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import type { Db } from "../db/database.ts";
import { cachedRead } from "./cached-read.ts";

// What waits in the database, read when Prometheus scrapes (each gauge's collect), through one cached read
// so a scrape storm costs one round of counts per SCRAPE_CACHE_MS. Every count below is answered from an
// index (the outboxes' (status, next_attempt_at), privacy_requests_open_idx, auctions_pending_idx).

/** The outboxes and their tables: each keeps rows `pending` until sent, `failed` once its attempts ran out. */
const OUTBOXES = {
  mail: "mail_outbox",
  marketing: "marketing_outbox",
  postback: "publisher_postbacks",
} as const;

type Backlog = {
  outboxes: Record<keyof typeof OUTBOXES | "marketing_erasure", OutboxFigures>;
  pendingAuctions: number;
  overduePrivacyRequests: number;
};
type OutboxFigures = { pending: number; retrying: number; failed: number; held: number; oldestDueSeconds: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function outboxFigures(db: Db, table: string, now: Date): Promise<OutboxFigures> {
  const [row] = rowsOf<Record<keyof OutboxFigures, number | string | null>>(
    await db.execute(sql`
      select
        (select count(*)::int from ${sql.identifier(table)} where status = 'pending') as pending,
        (select count(*)::int from ${sql.identifier(table)} where status = 'pending' and attempts > 0) as retrying,
        (select count(*)::int from ${sql.identifier(table)} where status = 'failed') as failed,
        (select count(*)::int from ${sql.identifier(table)} where status = 'held') as held,
        (select extract(epoch from (${now.toISOString()}::timestamptz - min(next_attempt_at)))::float8
           from ${sql.identifier(table)} where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz)
          as "oldestDueSeconds"
    `),
  );
  return {
    pending: Number(row?.pending ?? 0),
    retrying: Number(row?.retrying ?? 0),
    failed: Number(row?.failed ?? 0),
    held: Number(row?.held ?? 0),
    oldestDueSeconds: Math.max(0, Number(row?.oldestDueSeconds ?? 0)),
  };
}

async function readBacklog(db: Db, now = new Date()): Promise<Backlog> {
  const at = now.toISOString();
  const [counts] = rowsOf<Record<string, number | string | null>>(
    await db.execute(sql`
      select
        (select count(*)::int from auctions where status = 'pending') as auctions,
        (select count(*)::int from privacy_requests where status <> 'completed' and due_at < ${at}::timestamptz) as overdue,
        (select count(*)::int from marketing_erasures) as erasures,
        (select count(*)::int from marketing_erasures where attempts > 0) as erasures_retrying,
        (select extract(epoch from (${at}::timestamptz - min(next_attempt_at)))::float8
           from marketing_erasures where next_attempt_at <= ${at}::timestamptz) as erasures_oldest
    `),
  );
  const outboxes = Object.fromEntries(
    await Promise.all(
      Object.entries(OUTBOXES).map(async ([name, table]) => [name, await outboxFigures(db, table, now)] as const),
    ),
  ) as Record<keyof typeof OUTBOXES, OutboxFigures>;
  return {
    outboxes: {
      ...outboxes,
      // Contacts to delete at Brevo: a row stays until Brevo confirms, so every row is waiting.
      marketing_erasure: {
        pending: Number(counts?.erasures ?? 0),
        retrying: Number(counts?.erasures_retrying ?? 0),
        failed: 0,
        held: 0,
        oldestDueSeconds: Math.max(0, Number(counts?.erasures_oldest ?? 0)),
      },
    },
    pendingAuctions: Number(counts?.auctions ?? 0),
    overduePrivacyRequests: Number(counts?.overdue ?? 0),
  };
}

export function registerBacklogGauges(registry: Registry, db: Db, cacheMs: number): void {
  const backlog = cachedRead(() => readBacklog(db), cacheMs);
  new Gauge({
    name: "loanpath_database_read_ok",
    help: "1 when this scrape's database figures could be read, 0 when they could not (they are then absent).",
    registers: [registry],
    async collect() {
      this.set(
        await backlog().then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  /**
   * Sets a gauge from the backlog. A failed read leaves no stale value: a labelled gauge has no series, and a
   * single one reads NaN (unknown), never a reassuring 0.
   */
  const fromBacklog = (fill: (gauge: Gauge<string>, figures: Backlog) => void, single = false) =>
    async function collect(this: Gauge<string>) {
      this.reset();
      const figures = await backlog().catch(() => undefined);
      if (figures) fill(this, figures);
      else if (single) this.set(Number.NaN);
    };
  new Gauge({
    name: "loanpath_outbox_entries",
    help: "Outbox rows by state: pending (to send), retrying (pending after a failed try), failed (given up), held (mail with no transport).",
    labelNames: ["outbox", "state"] as const,
    registers: [registry],
    collect: fromBacklog((gauge, figures) => {
      for (const [outbox, f] of Object.entries(figures.outboxes)) {
        for (const state of ["pending", "retrying", "failed", "held"] as const) gauge.set({ outbox, state }, f[state]);
      }
    }),
  });
  new Gauge({
    name: "loanpath_outbox_oldest_due_seconds",
    help: "How long the oldest pending outbox row has been due and not sent (0: none overdue).",
    labelNames: ["outbox"] as const,
    registers: [registry],
    collect: fromBacklog((gauge, figures) => {
      for (const [outbox, f] of Object.entries(figures.outboxes)) gauge.set({ outbox }, f.oldestDueSeconds);
    }),
  });
  new Gauge({
    name: "loanpath_auctions_pending",
    help: "Auctions sent and not yet decided, across every process on this database.",
    registers: [registry],
    collect: fromBacklog((gauge, figures) => gauge.set(figures.pendingAuctions), true),
  });
  new Gauge({
    name: "loanpath_privacy_requests_overdue",
    help: "Privacy requests not completed past the date the law wants them done by.",
    registers: [registry],
    collect: fromBacklog((gauge, figures) => gauge.set(figures.overduePrivacyRequests), true),
  });
}
