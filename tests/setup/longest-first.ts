import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first: a fresh clone has no timings from an earlier run, and Vitest then
 * starts the largest files first, which left a long short file (the funnel rollup's comparisons) to run alone at
 * the end while the other workers sat idle. Measured on a fresh clone (docs/decisions/0028-ci-time.md); a file
 * missing here only starts later than it could, nothing else.
 */
const LONGEST = [
  // server suites
  "tests/integration/auction-crash.test.ts",
  "tests/integration/auction-crash-two-servers.test.ts",
  "tests/integration/several-processes.test.ts",
  "src/server/console/reports/funnel-rollup.test.ts",
  "src/server/console/buyers/buyer-routes.test.ts",
  "src/server/distribution/lenders-sim/simulator.test.ts",
  "src/server/platform/mail/mail-delivery.test.ts",
  "src/server/console/access/console-access.test.ts",
  "src/server/distribution/auction/auction-selection.test.ts",
  "tests/integration/opt-out-enforcement.test.ts",
  "src/server/platform/db/database.test.ts",
  "src/server/workflows/reminders/reminders.test.ts",
  // end-to-end
  "tests/e2e/funnel.e2e.ts",
  "tests/e2e/public-pages.e2e.ts",
  "tests/e2e/lender.e2e.ts",
  "tests/e2e/partners-journey.e2e.ts",
  "tests/e2e/console-journey.e2e.ts",
];

function rank(spec: TestSpecification): number {
  const index = LONGEST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? LONGEST.length : index;
}

/** Vitest's own order (projects one after another, the rest largest first), with the longest files moved up. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    // Array.prototype.sort is stable: within a project and rank, Vitest's order stays.
    return sorted.sort(
      (a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b),
    );
  }
}
