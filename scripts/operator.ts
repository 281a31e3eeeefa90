// Operator accounts from the command line: `npm run operator -- create --email ... --name ...` (README,
// "Operator console"). With the embedded database, stop the server first: one process at a time holds it.
import { createInterface } from "node:readline";
import { CommandError, runOperatorCommand } from "../src/server/console/access/operator-command.ts";
import { loadConfig } from "../src/server/platform/config/config.ts";
import { openConfiguredDatabase } from "../src/server/platform/db/database.ts";
import { PiiCipher } from "../src/server/platform/security/pii-cipher.ts";
import { loadConfiguredSecrets } from "../src/server/platform/security/secrets.ts";

const config = loadConfig();
const secrets = await loadConfiguredSecrets(config);
const database = await openConfiguredDatabase(config);
await database.migrate();

const readPassword = async () => {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  return "";
};

try {
  await runOperatorCommand(
    process.argv.slice(2),
    { db: database.db, cipher: new PiiCipher(secrets.piiKeyring) },
    {
      readPassword,
      print: (text) => console.log(text),
    },
  );
} catch (error) {
  if (!(error instanceof CommandError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
