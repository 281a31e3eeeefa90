// Runs shell commands side by side (the stages of CI that wait more than they compute, docs/decisions/0028-ci-time.md):
// each command's output is kept and printed whole once it ends, so stages never interleave their lines,
// followed by a table of every stage's time and result. Exits non-zero when any command failed. The test
// counts Vitest printed are added up into one closing line, `N passed, N failed`.
//
//   node scripts/side-by-side.ts "name=command" "name=command" ...
import { spawn } from "node:child_process";

type Stage = { name: string; command: string };
type Outcome = Stage & { code: number; seconds: number; output: string };

// Vitest's summary line, e.g. "Tests  12 failed | 700 passed (712)", once its colours are removed.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const TESTS_LINE = /^\s*Tests\s+(.*)\(\d+\)\s*$/;

function parseStages(args: string[]): Stage[] {
  if (args.length === 0) throw new Error('usage: node scripts/side-by-side.ts "name=command" ...');
  return args.map((arg) => {
    const at = arg.indexOf("=");
    if (at <= 0) throw new Error(`"${arg}" is not name=command`);
    return { name: arg.slice(0, at), command: arg.slice(at + 1) };
  });
}

function run(stage: Stage): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", stage.command], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      const outcome = {
        ...stage,
        code: code ?? (signal ? 128 : 1),
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString("utf8"),
      };
      process.stdout.write(`\n===== ${stage.name}: ${stage.command}\n${outcome.output}`);
      process.stdout.write(`===== ${stage.name}: ${describe(outcome)}\n`);
      resolve(outcome);
    });
  });
}

function describe(outcome: Outcome): string {
  return `${outcome.code === 0 ? "passed" : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(0)} s`;
}

/** The passed and failed counts of every Vitest summary in a stage's output. */
export function countTests(output: string): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const line of output.replace(ANSI, "").split("\n")) {
    const match = TESTS_LINE.exec(line);
    if (!match) continue;
    passed += Number(/(\d+) passed/.exec(match[1]!)?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(match[1]!)?.[1] ?? 0);
  }
  return { passed, failed };
}

if (import.meta.main) {
  const stages = parseStages(process.argv.slice(2));
  const outcomes = await Promise.all(stages.map(run));
  process.stdout.write("\n");
  for (const outcome of outcomes) process.stdout.write(`${outcome.name.padEnd(12)} ${describe(outcome)}\n`);
  const counts = outcomes.map((o) => countTests(o.output));
  const passed = counts.reduce((sum, c) => sum + c.passed, 0);
  const failed = counts.reduce((sum, c) => sum + c.failed, 0);
  if (passed + failed > 0) process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
}
