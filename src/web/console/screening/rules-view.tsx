import { Title } from "@mantine/core";
import { VELOCITY_KEYS, type ScreeningSettings } from "#domain/screening/quality-checks.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { checkLabel, VELOCITY_KEY_LABELS, windowText } from "./screening-labels.ts";

type Rule = ScreeningSettings["rules"][number] & { order: number };
type Limit = { key: string; limit: number; windowMinutes: number };

const RULE_COLUMNS: ColumnDef<Rule, unknown>[] = [
  { header: "Order", accessorKey: "order", meta: { numeric: true } },
  { header: "Check", accessorFn: (r) => checkLabel(r.check) },
  { header: "Answers refused", accessorFn: (r) => r.answers.join(", ") },
  { header: "Reason code", accessorKey: "reason" },
];

const LIMIT_COLUMNS: ColumnDef<Limit, unknown>[] = [
  { header: "Counted", accessorKey: "key" },
  { header: "Most applications", accessorKey: "limit", meta: { numeric: true } },
  { header: "Window", accessorFn: (r) => windowText(r.windowMinutes) },
];

// The rules and limits for an operator who may read them but not change them (buyers:read without buyers:write).
export function RulesView({ settings }: { settings: ScreeningSettings }) {
  const rules = settings.rules.map((rule, i) => ({ ...rule, order: i + 1 }));
  const limits = VELOCITY_KEYS.map((key) => ({ key: VELOCITY_KEY_LABELS[key], ...settings.velocity[key] }));
  return (
    <>
      <Title order={3} size="h4" mt="md">
        Refusal rules
      </Title>
      <DataTable
        caption="Refusal rules, in order: the first that matches refuses the lead"
        columns={RULE_COLUMNS}
        rows={rules}
      />
      <Title order={3} size="h4">
        Velocity limits
      </Title>
      <DataTable
        caption="Velocity limits: one application past the limit is flagged"
        columns={LIMIT_COLUMNS}
        rows={limits}
      />
    </>
  );
}
