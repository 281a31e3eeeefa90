import pg from "pg";

// Decisions reach every server process at once on PostgreSQL (docs/decisions/0037-several-processes.md): a
// trigger on `auctions` sends NOTIFY auction_decided with the lead id when a decision commits, whichever
// process made it, and each process LISTENs on a connection of its own (a pooled one would be handed to
// other queries). The payload is the lead id alone, never personal data. A lost connection is made again
// with a growing pause; meanwhile the waiting pings re-read the database as they did before.

const DECISION_CHANNEL = "auction_decided";

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

export type DecisionListener = {
  /** Whether decisions are arriving now (false while the connection is being made again). */
  listening(): boolean;
  close(): Promise<void>;
};

export type ListenerEvents = {
  /** A lead's auction was decided, here or in another process. */
  decided(leadId: string): void;
  /** Listening began, or began again: decisions made while it was down were not heard. */
  connected(): void;
  warn(message: string): void;
};

/** Starts listening (the first connection is awaited, so a healthy start listens before it serves). */
export async function listenForDecisions(connectionString: string, events: ListenerEvents): Promise<DecisionListener> {
  let current: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    retry = undefined;
    const client = new pg.Client({ connectionString, keepAlive: true, application_name: "loanpath-decisions" });
    let gone = false;
    const lose = (why: string) => {
      if (gone) return;
      gone = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      if (closed) return;
      events.warn(`decision listener lost (${why}): waiting pings re-read the database until it is back`);
      retry = setTimeout(() => void connect(), retryMs);
      retry.unref();
      retryMs = Math.min(LAST_RETRY_MS, retryMs * 2);
    };
    client.on("notification", (message) => {
      if (message.channel === DECISION_CHANNEL && message.payload) events.decided(message.payload);
    });
    client.on("error", (error) => lose(error.name));
    client.on("end", () => lose("ended"));
    try {
      await client.connect();
      await client.query(`LISTEN ${DECISION_CHANNEL}`);
    } catch (error) {
      lose((error as Error).name);
      return;
    }
    if (closed || gone) return void client.end().catch(() => {});
    current = client;
    retryMs = FIRST_RETRY_MS;
    events.connected();
  };

  await connect();
  return {
    listening: () => current !== undefined,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
