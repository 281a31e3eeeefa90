import { z } from "zod";
import type { ConsentKey } from "../consent.ts";
import { serverFieldOf } from "../fields/field-names.ts";
import { LEAD_FIELDS, type ClientField, type RuleContext } from "../fields/lead-fields.ts";
import { fieldsValid } from "../schemas/field-rules.ts";
import type { BodyContext, FormValues, Step } from "./step.ts";
import { fieldRuleOf } from "./step-forms.ts";
import { STEPS } from "./step-table.ts";

// The shared step update, PUT /api/personal_loan/lead/v2/:id/step (docs/product/server-calls.md), derived
// from the step table: each step number's body schema, the form-to-body conversion and the consent a
// step carries. Several screens may send one number (/aba and /apply/bank send 18): the body takes the
// fields of all of them, and a field only some of them send is optional.

/** The rows that send each step number, main flow first. */
const ROWS_BY_NUMBER = new Map<number, Step[]>();
for (const step of STEPS) {
  if (step.stepNumber === null || !step.body) continue;
  ROWS_BY_NUMBER.set(step.stepNumber, [...(ROWS_BY_NUMBER.get(step.stepNumber) ?? []), step]);
}

export const STEP_NUMBERS: readonly number[] = [...ROWS_BY_NUMBER.keys()].sort((a, b) => a - b);

export function isStepNumber(value: unknown): value is number {
  return typeof value === "number" && ROWS_BY_NUMBER.has(value);
}

/** The body field's rule: the sending screen's own rule for the form field it comes from, else the registry's. */
function bodyRule(primary: Step, wire: string, ctx: RuleContext): z.ZodType {
  const source = primary.body?.[wire];
  if (typeof source === "string" && primary.rules?.[source]) return fieldRuleOf(primary, source, ctx);
  const field = serverFieldOf(wire);
  const spec = field ? (LEAD_FIELDS[field] as { rule?: (c: RuleContext) => z.ZodType }) : undefined;
  if (!spec?.rule) throw new Error(`${primary.slug}: body field ${wire} names no writable lead field`);
  return spec.rule(ctx);
}

function bodySchema(rows: readonly Step[], ctx: RuleContext) {
  const [primary] = rows as [Step, ...Step[]];
  const wires = [...new Set(rows.flatMap((r) => Object.keys(r.body ?? {})))];
  const optional = (wire: string) => rows.some((r) => !r.body?.[wire] || r.optionalBody?.includes(wire));
  const shape = Object.fromEntries(
    wires.map((wire) => {
      const rule = bodyRule(rows.find((r) => r.body?.[wire]) ?? primary, wire, ctx);
      return [wire, optional(wire) ? rule.optional() : rule];
    }),
  );
  const object = z.object(shape);
  return primary.refineBody ? object.superRefine(primary.refineBody, fieldsValid) : object;
}

/** Every step number's body schema (the fields only; the request adds step, lead_id and consent). */
export function stepBodySchemas(ctx: RuleContext): Record<number, z.ZodType<Record<string, unknown>>> {
  return Object.fromEntries([...ROWS_BY_NUMBER].map(([n, rows]) => [n, bodySchema(rows, ctx)]));
}

/** The consent text each step number carries (consent.ts): the phone step's and the SSN step's. */
export const CONSENT_BY_STEP: Readonly<Partial<Record<number, ConsentKey>>> = Object.fromEntries(
  [...ROWS_BY_NUMBER].flatMap(([n, rows]) => (rows[0]?.consent ? [[n, rows[0].consent]] : [])),
);

/** The main-flow screen that sends a step number (the step history names it). */
export function slugOfStepNumber(step: number): string {
  return ROWS_BY_NUMBER.get(step)?.[0]?.slug ?? `step-${step}`;
}

export type StepBodyRequest = { step: number } & Record<string, unknown>;

/**
 * A screen's body from its parsed form values: { step, ...wire fields } (add lead_id to send it).
 * Undefined for the screens that save through lead create/update. Fields a screen leaves empty are left out.
 */
export function formToStepBody(step: Step, values: FormValues, ctx: BodyContext = {}): StepBodyRequest | undefined {
  if (step.stepNumber === null || !step.body) return undefined;
  const body: StepBodyRequest = { step: step.stepNumber };
  for (const [wire, source] of Object.entries(step.body)) {
    const value = typeof source === "function" ? source(values, ctx) : values[source as ClientField];
    if (value !== undefined) body[wire] = value;
  }
  return body;
}
