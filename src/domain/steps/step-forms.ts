import { z } from "zod";
import { CLIENT_TO_SERVER } from "../fields/field-names.ts";
import { LEAD_FIELDS, type ClientField, type RuleContext } from "../fields/lead-fields.ts";
import type { FormValues, Step, StepFormContext } from "./step.ts";

// A screen's form schema, in client names, from its row: each field's rule (the row's own where it has
// one, else the registry's), then whatever the row adds. The funnel's one shell validates every screen
// with this, and the server validates the same fields with the same rules (step-bodies.ts).

/** The rule `step` applies to one of its fields. */
export function fieldRuleOf(step: Pick<Step, "rules">, field: ClientField, ctx: RuleContext): z.ZodType {
  const own = step.rules?.[field];
  if (own) return own(ctx);
  const spec = LEAD_FIELDS[CLIENT_TO_SERVER[field]] as { rule?: (c: RuleContext) => z.ZodType };
  if (!spec.rule) throw new Error(`${field} is not a field a form can write`);
  return spec.rule(ctx);
}

export function stepFormSchema(step: Step, ctx: StepFormContext): z.ZodType<FormValues> {
  const fields = z.object(Object.fromEntries(step.fields.map((f) => [f, fieldRuleOf(step, f, ctx)])));
  return step.form ? step.form(fields, ctx) : fields;
}
