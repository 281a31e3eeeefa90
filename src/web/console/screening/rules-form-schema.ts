import type { Control } from "react-hook-form";
import { z } from "zod";
import {
  LIST_RULES,
  screeningSettingsSchema,
  VELOCITY_KEYS,
  type ScreeningSettings,
  type VelocityKey,
} from "#domain/screening/quality-checks.ts";

// The gate's rules and velocity limits as a form (docs/product/screening.md#refusals). It holds text, as every form
// of the console does, and is checked on submit by screeningSettingsSchema, the schema the server checks: each
// message lands on the control that holds the value at fault, and the server's 400 answers the same paths.

type RuleValues = {
  check: string;
  answers: string[];
  reason: string;
  /** One of the list rules (LIST_RULES): it cannot be removed, and only its reason code changes. */
  fixed: boolean;
};

export type RulesFormValues = {
  rules: RuleValues[];
  velocity: Record<VelocityKey, { limit: string; windowMinutes: string }>;
};

export type RulesControl = Control<RulesFormValues, unknown, ScreeningSettings>;

const WHOLE_NUMBER = "must be a whole number";

/** The form's values for saved settings: each list rule is the first rule refusing its list's "listed". */
export function formValuesOf(settings: ScreeningSettings): RulesFormValues {
  const fixedAt = new Map(
    LIST_RULES.map((must) => [
      must,
      settings.rules.findIndex((r) => r.check === must.check && r.answers.includes("listed")),
    ]),
  );
  const rules = settings.rules.map((rule, i) => ({
    check: rule.check,
    answers: [...rule.answers],
    reason: rule.reason,
    fixed: [...fixedAt.values()].includes(i),
  }));
  // The server never keeps settings without them; should it, the form puts them back rather than lose them.
  for (const [must, at] of fixedAt)
    if (at < 0) rules.push({ check: must.check, answers: [...must.answers], reason: must.reason, fixed: true });
  const velocity = Object.fromEntries(
    VELOCITY_KEYS.map((key) => [
      key,
      { limit: String(settings.velocity[key].limit), windowMinutes: String(settings.velocity[key].windowMinutes) },
    ]),
  ) as RulesFormValues["velocity"];
  return { rules, velocity };
}

/** A whole number typed, or NaN (with its own message) for text that is not one. */
const wholeOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

function settingsOf(values: RulesFormValues) {
  const unreadable: Record<string, string> = {};
  const velocity = Object.fromEntries(
    VELOCITY_KEYS.map((key) => {
      const read = (part: "limit" | "windowMinutes") => {
        const n = wholeOf(values.velocity[key][part]);
        if (Number.isNaN(n)) unreadable[`velocity.${key}.${part}`] = WHOLE_NUMBER;
        return n;
      };
      return [key, { limit: read("limit"), windowMinutes: read("windowMinutes") }];
    }),
  );
  const rules = values.rules.map((rule) => ({ check: rule.check, answers: rule.answers, reason: rule.reason.trim() }));
  return { unreadable, settings: { rules, velocity } };
}

// A message on a part of a rule the form holds as one control (an answer of the list) goes on that control; one on
// the rules as a whole (a list rule missing, too many rules) on the table.
const ALIASES: [RegExp, string][] = [
  [/^rules\.(\d+)\.answers\.\d+$/, "rules.$1.answers"],
  [/^rules\.(\d+)$/, "rules.$1.check"],
  [/^velocity\.(\w+)$/, "velocity.$1.limit"],
];
const FIELD = /^(rules\.\d+\.(check|answers|reason)|velocity\.(device|ip|phone|email)\.(limit|windowMinutes)|rules)$/;

/** The form control a message of the schema or the server belongs on, or undefined when none holds it. */
export function fieldOf(path: string): string | undefined {
  const alias = ALIASES.find(([pattern]) => pattern.test(path));
  const name = alias ? path.replace(alias[0], alias[1]) : path;
  return FIELD.test(name) ? name : undefined;
}

export const rulesFormSchema = z.custom<RulesFormValues>().transform((values, ctx): ScreeningSettings => {
  const { unreadable, settings } = settingsOf(values);
  const placed = new Set<string>();
  const place = (path: string, message: string) => {
    const name = fieldOf(path) ?? "rules";
    if (placed.has(name)) return;
    placed.add(name);
    ctx.addIssue({ code: "custom", path: name.split("."), message, input: values });
  };
  for (const [path, message] of Object.entries(unreadable)) place(path, message);
  const parsed = screeningSettingsSchema.safeParse(settings);
  if (parsed.success && placed.size === 0) return parsed.data;
  for (const issue of parsed.error?.issues ?? []) place(issue.path.join("."), issue.message);
  return z.NEVER;
});
