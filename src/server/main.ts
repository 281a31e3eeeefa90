import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./platform/config/config.ts";
import { openDatabase } from "./platform/db/database.ts";
import { simulatedBuyers, startSimulator, type Simulator } from "./distribution/lenders-sim/simulator.ts";
import { loadSecrets, SecretsError } from "./platform/security/secrets.ts";

// Starts the server: validate settings, open and migrate the database, listen; stop cleanly on SIGTERM.
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let secrets;
  try {
    secrets = await loadSecrets({
      env: config.env,
      dataDir: config.dataDir,
      piiKeys: config.piiEncryptionKeys,
      piiCurrentKeyId: config.piiEncryptionKeyId,
      tokenSecret: config.tokenSecret,
    });
  } catch (error) {
    if (error instanceof SecretsError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  await database.migrate();
  // The simulated lender network (docs/product/lender-network.md#simulated-network), loopback only.
  let simulator: Simulator | undefined;
  if (config.distribution.simulatedLenders) simulator = await startSimulator(config.distribution.simulatedLendersPort);
  const app = await buildApp({
    config,
    database,
    secrets,
    builtInBuyers: simulator ? simulatedBuyers(simulator.url) : undefined,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
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
  app.log.info(
    {
      database: database.driver,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      simulatedLenders: simulator?.url,
    },
    `Loanpath is ready on http://localhost:${config.port}`,
  );
}

await main();
