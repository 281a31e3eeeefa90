import { parseArgs } from "node:util";
import { newOperatorRequest } from "../../../domain/contracts/console.ts";
import type { Db } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { recordAction } from "../audit/audit-log.ts";
import {
  createOperator,
  findOperatorByEmail,
  listOperators,
  resetCredentials,
  type Enrolment,
} from "./operator-store.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-hash.ts";
import { revokeOperatorSessions } from "./session-store.ts";
import { newPassword } from "./new-password.ts";
import { findPublisher } from "../../partners/publishers/publisher-store.ts";

// `npm run operator -- <command>` (README, "Operator console"): the way in before anyone can sign in, and the
// way back when an owner has lost both password and phone. It runs on the server's machine with its
// database and keys, so it needs no sign-in; each thing it does is in the audit log as "command line".

const USAGE = `Usage:
  npm run operator -- create --email <address> --name <name> [--role owner|manager|compliance|analyst] [--password-stdin]
  npm run operator -- create --email <address> --name <name> --role publisher --publisher <publisher id> [--password-stdin]
  npm run operator -- reset --email <address> [--password-stdin]   (new password, authenticator and recovery codes)
  npm run operator -- list

Without --password-stdin a strong password is made and printed once. With it, the first line read from
standard input is the password (at least ${MIN_PASSWORD_LENGTH} characters).`;

const COMMAND_LINE = { id: null, email: "command line" } as const;

export class CommandError extends Error {}

type Io = { readPassword: () => Promise<string>; print: (text: string) => void };

async function chosenPassword(useStdin: boolean | undefined, io: Io): Promise<string> {
  if (!useStdin) return newPassword();
  const password = (await io.readPassword()).replace(/\r?\n$/, "");
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    throw new CommandError(`The password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`);
  return password;
}

function printEnrolment(io: Io, enrolment: Enrolment, password: string, generated: boolean) {
  io.print(
    [
      generated ? `Password (shown once): ${password}` : "Password: as given.",
      "",
      "Add this account to an authenticator app (it asks for a code at every sign-in):",
      `  ${enrolment.totpUri}`,
      `  or type the key: ${enrolment.totpSecret}`,
      "",
      "Recovery codes (each works once in place of a code; keep them apart from the password):",
      ...enrolment.recoveryCodes.map((c) => `  ${c}`),
    ].join("\n"),
  );
}

export async function runOperatorCommand(argv: string[], deps: { db: Db; cipher: PiiCipher }, io: Io): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "owner" },
      publisher: { type: "string" },
      "password-stdin": { type: "boolean" },
    },
  });
  const command = positionals[0];
  if (command === "list") {
    const rows = await listOperators(deps.db);
    io.print(
      rows.length
        ? rows.map((r) => `${r.email}\t${r.role}\t${r.disabledAt ? "disabled" : "active"}`).join("\n")
        : "No operators yet.",
    );
    return;
  }
  if (command === "create") {
    // A buyer account is bound to a buyer the console's registry knows (BUYERS_FILE included), which only the server reads.
    if (values.role === "buyer")
      throw new CommandError(
        `  --role: make a buyer account in the console (Operators), where its buyer is checked.\n\n${USAGE}`,
      );
    const parsed = newOperatorRequest.safeParse({
      email: values.email,
      name: values.name,
      role: values.role,
      publisher_id: values.publisher,
    });
    if (!parsed.success) {
      const flag = (path: PropertyKey | undefined) => (path === "publisher_id" ? "publisher" : String(path));
      const problems = parsed.error.issues.map((i) => `  --${flag(i.path[0])}: ${i.message}`);
      throw new CommandError(`${problems.join("\n")}\n\n${USAGE}`);
    }
    const { publisher_id: publisherId, ...account } = parsed.data;
    if (publisherId && !(await findPublisher(deps.db, publisherId)))
      throw new CommandError(`  --publisher: no publisher with the id ${publisherId}.\n\n${USAGE}`);
    const password = await chosenPassword(values["password-stdin"], io);
    const enrolment = await deps.db
      .transaction(async (tx) => {
        const made = await createOperator(tx, deps.cipher, { ...account, publisherId, password });
        await recordAction(tx, COMMAND_LINE, {
          action: "operator.create",
          target: made.operator.id,
          details: { role: made.operator.role, ...(publisherId ? { publisher: publisherId } : {}) },
        });
        return made;
      })
      .catch((error: Error) => {
        throw new CommandError(error.message);
      });
    io.print(`Created ${enrolment.operator.role} ${enrolment.operator.email}.`);
    printEnrolment(io, enrolment, password, !values["password-stdin"]);
    return;
  }
  if (command === "reset") {
    const operator = values.email ? await findOperatorByEmail(deps.db, values.email) : undefined;
    if (!operator) throw new CommandError(`No operator with the e-mail ${values.email ?? "(none given)"}.\n\n${USAGE}`);
    const password = await chosenPassword(values["password-stdin"], io);
    const enrolment = await deps.db.transaction(async (tx) => {
      const made = await resetCredentials(tx, deps.cipher, operator, password);
      await recordAction(tx, COMMAND_LINE, { action: "operator.reset", target: operator.id });
      return made;
    });
    await revokeOperatorSessions(deps.db, operator.id, new Date());
    io.print(`Reset ${operator.email}: every session ended.`);
    printEnrolment(io, enrolment, password, !values["password-stdin"]);
    return;
  }
  throw new CommandError(USAGE);
}
