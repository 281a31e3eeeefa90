import { fileURLToPath } from "node:url";
import { cruise, type ICruiseResult, type IModule } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { beforeAll, describe, expect, it } from "vitest";

// The layer allow-list and the cycle rule live in .dependency-cruiser.js
// (docs/decisions/0013-import-boundaries.md), with the server's contexts and the web's folders and their
// direction (docs/decisions/0027-server-contexts.md). tests/lint/fixtures is the repository's three layers in
// miniature, the server's contexts and the web's folders among them; running the real rules on it proves each rule fails on a
// forbidden import and stays quiet on an allowed one, so a broken config cannot pass silently.
const CONFIG = fileURLToPath(new URL("../../.dependency-cruiser.js", import.meta.url));
const FIXTURES = fileURLToPath(new URL("fixtures", import.meta.url));

let result: ICruiseResult;

beforeAll(async () => {
  const options = await extractDepcruiseOptions(CONFIG);
  // The known cycles of the real src are not the fixtures' business.
  const { output } = await cruise(["src"], { ...options, baseDir: FIXTURES, ignoreKnown: false, knownViolations: [] });
  if (typeof output === "string") throw new Error("dependency-cruiser returned text, not a result");
  result = output;
});

function violationsFrom(file: string) {
  return result.summary.violations.filter((v) => v.from === file).map((v) => ({ rule: v.rule.name, to: v.to }));
}

function cruisedModule(file: string): IModule {
  const found = result.modules.find((m) => m.source === file);
  if (!found) throw new Error(`${file} was not cruised`);
  return found;
}

const aPackage = (name: string) => expect.stringMatching(new RegExp(`(^|/)node_modules/${name}/`));

describe("layer boundaries", () => {
  it.each([
    ["src/domain/cookie.ts", "not-in-allowed", aPackage("@fastify/cookie")],
    ["src/domain/node-fs.ts", "not-in-allowed", "fs"],
    ["src/domain/web.ts", "not-in-allowed", "src/web/page.tsx"],
    ["src/domain/server.ts", "not-in-allowed", "src/server/api.ts"],
    ["src/web/pino.ts", "not-in-allowed", aPackage("pino")],
    ["src/web/node-path.ts", "not-in-allowed", "path"],
    ["src/web/server-alias.ts", "not-in-allowed", "src/server/api.ts"],
    ["src/web/server-relative.ts", "not-in-allowed", "src/server/api.ts"],
    ["src/server/web-alias.ts", "server-not-to-web", "src/web/page.tsx"],
    ["src/server/web-relative.ts", "server-not-to-web", "src/web/page.tsx"],
    ["src/server/platform/to-intake.ts", "server-platform-imports-no-context", "src/server/intake/form.ts"],
    ["src/server/intake/to-compliance.ts", "server-intake-imports-only-platform", "src/server/compliance/policy.ts"],
    [
      "src/server/compliance/to-distribution.ts",
      "server-compliance-imports-only-platform-and-intake",
      "src/server/distribution/sale.ts",
    ],
    [
      "src/server/distribution/to-workflows.ts",
      "server-distribution-imports-no-higher-context",
      "src/server/workflows/request.ts",
    ],
    [
      "src/server/workflows/to-partners.ts",
      "server-workflows-not-to-partners-or-console",
      "src/server/partners/payout.ts",
    ],
    [
      "src/server/partners/to-workflows.ts",
      "server-partners-not-to-workflows-or-console",
      "src/server/workflows/request.ts",
    ],
    ["src/server/console/to-app.ts", "server-context-not-to-composition", "src/server/app.ts"],
    [
      "src/server/compliance/register/to-policy.ts",
      "server-subfolder-not-to-context-files",
      "src/server/compliance/policy.ts",
    ],
    [
      "src/server/intake/lookup/data/to-lookup.ts",
      "server-subfolder-not-to-module-files",
      "src/server/intake/lookup/zip.ts",
    ],
    ["src/web/ui/to-site.ts", "web-foundation-imports-no-other-folder", "src/web/site/brand.ts"],
    ["src/web/hydration/to-api.ts", "web-foundation-imports-no-other-folder", "src/web/api/client.ts"],
    ["src/web/site/to-session.ts", "web-site-imports-only-foundation", "src/web/session/lead.ts"],
    ["src/web/session/to-frame.ts", "web-session-imports-only-site-and-below", "src/web/frame/navbar.ts"],
    ["src/web/frame/to-funnel.ts", "web-frame-imports-only-session-and-below", "src/web/funnel/screen.ts"],
    ["src/web/funnel/to-pages.ts", "web-funnel-not-to-pages-or-lender", "src/web/pages/landing.ts"],
    ["src/web/lender/to-pages.ts", "web-lender-not-to-pages", "src/web/pages/landing.ts"],
    ["src/web/pages/to-funnel.ts", "web-pages-not-to-funnel-or-lender", "src/web/funnel/screen.ts"],
    ["src/web/pages/to-root.ts", "web-folder-not-to-composition", "src/web/root.tsx"],
    ["src/web/funnel/to-screens.ts", "web-funnel-core-not-to-screens", "src/web/funnel/screens/step.ts"],
    ["src/web/console/to-pages.ts", "web-console-imports-only-foundation", "src/web/pages/landing.ts"],
    ["src/web/console/to-area.ts", "web-console-core-not-to-areas", "src/web/console/reports/report.ts"],
    ["src/web/pages/to-recharts.ts", "console-packages-only-in-console", aPackage("recharts")],
    ["src/web/pages/to-mantine.ts", "console-packages-only-in-console", aPackage("@mantine/core")],
  ])("%s is refused (%s)", (file, rule, to) => {
    expect(violationsFrom(file)).toEqual([{ rule, to }]);
  });

  it("lets an area of the console build on the console's core files", () => {
    expect(violationsFrom("src/web/console/reports/report.ts")).toEqual([]);
  });

  it("refuses a cycle of two files whose imports are both type-only", () => {
    for (const [from, to] of [
      ["src/domain/cycle-a.ts", "src/domain/cycle-b.ts"],
      ["src/domain/cycle-b.ts", "src/domain/cycle-a.ts"],
    ] as const) {
      expect(cruisedModule(from).dependencies).toEqual([
        expect.objectContaining({
          resolved: to,
          circular: true,
          dependencyTypes: expect.arrayContaining(["type-only"]),
        }),
      ]);
    }
    expect(violationsFrom("src/domain/cycle-a.ts")).toEqual([{ rule: "no-circular", to: "src/domain/cycle-b.ts" }]);
  });

  it("refuses two folders of src/server that import each other, though no file imports its importer", () => {
    expect(cruisedModule("src/server/intake/folder-a/a.ts").dependencies).toEqual([
      expect.objectContaining({ resolved: "src/server/intake/folder-b/b.ts", circular: false }),
    ]);
    expect(violationsFrom("src/server/intake/folder-a")).toEqual([
      { rule: "no-circular-folders", to: "src/server/intake/folder-b" },
    ]);
    expect(violationsFrom("src/server/intake/folder-b")).toEqual([
      { rule: "no-circular-folders", to: "src/server/intake/folder-a" },
    ]);
  });

  it("refuses two folders of src/web that import each other through a test helper, though no file imports its importer", () => {
    expect(cruisedModule("src/web/funnel/folder-b/fake.testing.ts").dependencies).toEqual([
      expect.objectContaining({ resolved: "src/web/funnel/folder-a/a.ts", circular: false }),
    ]);
    expect(violationsFrom("src/web/funnel/folder-a")).toEqual([
      { rule: "no-circular-folders", to: "src/web/funnel/folder-b" },
    ]);
    expect(violationsFrom("src/web/funnel/folder-b")).toEqual([
      { rule: "no-circular-folders", to: "src/web/funnel/folder-a" },
    ]);
  });

  // dependency-cruiser counts a folder with its subfolders: a folder's files and a subfolder importing each
  // other are no folder circle to it, which is why web-subfolder-not-to-parent-files exists.
  it("sees no folder circle between site and site/brands, so the subfolder rule refuses the import back", () => {
    expect(cruisedModule("src/web/site/brand.ts").dependencies).toEqual(
      expect.arrayContaining([expect.objectContaining({ resolved: "src/web/site/brands/sample.ts" })]),
    );
    expect(violationsFrom("src/web/site/brands")).toEqual([]);
    expect(violationsFrom("src/web/site/brands/to-site.ts")).toEqual([
      { rule: "web-subfolder-not-to-parent-files", to: "src/web/site/brand.ts" },
    ]);
  });

  it("sees no folder circle between a server module and its subfolder, so the subfolder rule refuses the import back", () => {
    expect(cruisedModule("src/server/intake/lookup/zip.ts").dependencies).toEqual(
      expect.arrayContaining([expect.objectContaining({ resolved: "src/server/intake/lookup/data/zips.ts" })]),
    );
    expect(violationsFrom("src/server/intake/lookup/data")).toEqual([]);
    expect(violationsFrom("src/server/intake/lookup")).toEqual([]);
  });

  // Each allowed file must have been read with the imports it names, or "no violation" would prove nothing.
  it.each([
    ["src/domain/allowed.ts", [aPackage("zod"), "src/domain/own.ts", "src/domain/own.ts"]],
    ["src/domain/allowed-helper.testing.ts", [aPackage("vitest"), "src/domain/own.ts"]],
    [
      "src/web/page.tsx",
      [
        aPackage("react"),
        aPackage("react-router"),
        aPackage("zod"),
        "src/domain/own.ts",
        "src/web/label.ts",
        "./+types/page",
      ],
    ],
    ["src/server/api.ts", [aPackage("fastify"), "fs", "src/domain/own.ts"]],
    ["src/server/platform/db.ts", ["src/domain/own.ts"]],
    ["src/server/intake/form.ts", ["src/server/platform/db.ts"]],
    ["src/server/intake/lookup/zip.ts", ["src/server/platform/db.ts", "src/server/intake/lookup/data/zips.ts"]],
    ["src/server/intake/lookup/data/zips.ts", []],
    ["src/server/compliance/policy.ts", ["src/server/platform/db.ts", "src/server/intake/form.ts"]],
    ["src/server/distribution/sale.ts", ["src/server/compliance/policy.ts"]],
    ["src/server/workflows/request.ts", ["src/server/distribution/sale.ts"]],
    ["src/server/partners/payout.ts", ["src/server/distribution/sale.ts"]],
    ["src/server/console/report.ts", ["src/server/workflows/request.ts", "src/server/partners/payout.ts"]],
    ["src/server/app.ts", ["src/server/platform/db.ts"]],
    ["src/web/ui/button.ts", ["src/web/ui/forms/field.ts"]],
    [
      "src/web/site/brand.ts",
      ["src/web/api/client.ts", "src/web/hydration/gate.ts", "src/web/ui/button.ts", "src/web/site/brands/sample.ts"],
    ],
    ["src/web/session/lead.ts", ["src/web/api/client.ts", "src/web/site/brand.ts"]],
    ["src/web/frame/navbar.ts", ["src/web/session/lead.ts", "src/web/ui/button.ts"]],
    ["src/web/funnel/screen.ts", ["src/web/frame/navbar.ts", "src/web/session/lead.ts"]],
    ["src/web/funnel/screens/step.ts", ["src/web/funnel/screen.ts"]],
    ["src/web/lender/connection.ts", ["src/web/funnel/screen.ts"]],
    ["src/web/pages/landing.ts", ["src/web/frame/navbar.ts", "src/web/session/lead.ts"]],
    ["src/web/root.tsx", ["src/web/pages/landing.ts"]],
  ])("%s is allowed its imports", (file, resolved) => {
    const dependencies = cruisedModule(file).dependencies.map((d) => d.resolved);
    expect(dependencies).toEqual(expect.arrayContaining(resolved));
    expect(dependencies).toHaveLength(resolved.length);
    expect(violationsFrom(file)).toEqual([]);
  });
});
