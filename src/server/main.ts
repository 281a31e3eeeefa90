import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./platform/config/config.ts";
import { openConfiguredDatabase } from "./platform/db/database.ts";
import { simulatedBuyers, startSimulator, type Simulator } from "./distribution/lenders-sim/simulator.ts";
import { loadConfiguredSecrets, SecretsError } from "./platform/security/secrets.ts";
import { consoleIsServed } from "./console/console-host.ts";
import { BuyerConfigError } from "./distribution/auction/buyer-config.ts";
import { readBuyersFile } from "./distribution/auction/buyer-registry.ts";
import { startMetricsServer, type MetricsServer } from "./platform/metrics/metrics-server.ts";

/**
 * A bad setting, or a bad file a setting names, stops the start with a plain message naming it (and, for
 * BUYERS_FILE, each buyer and field at fault), never a stack trace; anything else is a bug and throws.
 */
function stopOnBadSetting(error: unknown): never {
  if (error instanceof ConfigError || error instanceof SecretsError) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof BuyerConfigError) {
    console.error(`Invalid configuration:\n  BUYERS_FILE: ${error.message.replaceAll("\n", "\n  ")}`);
    process.exit(1);
  }
  throw error;
}

// Starts the server: validate settings, open and migrate the database, listen; stop cleanly on SIGTERM.
async function main() {
  let config;
  try {
    config = loadConfig();
    // Read once here so a bad file stops the start before any database is opened; the registry reads it again.
    if (config.distribution.buyersFile) readBuyersFile(config.distribution.buyersFile);
  } catch (error) {
    stopOnBadSetting(error);
  }

  let secrets;
  try {
    secrets = await loadConfiguredSecrets(config);
  } catch (error) {
    stopOnBadSetting(error);
  }

  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
  } catch (error) {
    stopOnBadSetting(error); // two database addresses that disagree; a failed migration throws as before
  }
  // The simulated lender network (docs/product/lender-network.md#simulated-network), loopback only.
  let simulator: Simulator | undefined;
  if (config.distribution.simulatedLenders) simulator = await startSimulator(config.distribution.simulatedLendersPort);
  const app = await buildApp({
    config,
    database,
    secrets,
    builtInBuyers: simulator ? simulatedBuyers(simulator.url) : undefined,
    ownOutboundHosts: simulator ? [new URL(simulator.url).host] : [],
  }).catch(stopOnBadSetting);

  // The clean stop (docs/operations.md#stopping): requests are served until the auctions running here have
  // finished or been handed to another process and the outboxes' calls in flight have ended (the plugins'
  // preClose hooks), then no new connection is taken, open requests end, and the database closes. Past
  // SHUTDOWN_TIMEOUT_MS the process exits anyway, and what it still held is resumed as after a crash.
  let metricsServer: MetricsServer | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.warn({ shutdownTimeoutMs: config.shutdownTimeoutMs }, "stop took too long: exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await app.close();
    await metricsServer?.close();
    await simulator?.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  if (simulator?.portTaken !== undefined) {
    app.log.warn(
      { simulatedLendersPort: simulator.portTaken, simulatedLenders: simulator.url },
      "SIMULATED_LENDERS_PORT is taken (another Loanpath process?): the simulated lenders use a free port",
    );
  }
  await app.listen({ host: config.host, port: config.port });
  // A parent that started this process with an IPC channel (the tests' servers, on PORT=0) is told the port it got:
  // a port picked free beforehand could be taken by another process before this one listened on it.
  const address = app.server.address();
  if (process.send && typeof address === "object" && address) process.send({ listening: address.port });
  // /metrics on a port of its own (docs/decisions/0036-metrics-and-readiness.md), loopback unless METRICS_HOST.
  if (config.metrics.port !== undefined) {
    metricsServer = await startMetricsServer(app.metrics, { ...config.metrics, port: config.metrics.port });
    app.log.info({ metrics: metricsServer.url }, "metrics served");
  }
  app.log.info(
    {
      database: database.driver,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      simulatedLenders: simulator?.url,
      // Where the operator console answers (docs/decisions/0034-operator-console.md), or that it is off.
      console: config.console.host
        ? `https://${config.console.host}/console`
        : consoleIsServed(config)
          ? `http://localhost:${config.port}/console`
          : "off (set CONSOLE_HOST)",
    },
    `Loanpath is ready on http://localhost:${config.port}`,
  );
}

await main();
