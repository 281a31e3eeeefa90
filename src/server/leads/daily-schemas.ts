import type { z } from "zod";
import { createLeadSchema, updateLeadSchema } from "#domain/schemas/lead.ts";
import { stepBodySchemas } from "#domain/schemas/step-bodies.ts";
import { consentEvidenceSchema } from "../consent/record-consent.ts";
import { usToday } from "./us-today.ts";

// The date-dependent schemas (age, pay-date window) change once a day: build them once per day rather
// than on every request, which dominated the cost of validating a step.
const withConsent = { consent: consentEvidenceSchema.optional() };

function build(today: Date) {
  // A pay date picked just before midnight may arrive after it: the server allows one day of grace.
  const steps = stepBodySchemas(today, { payDateGraceDays: 1 });
  return {
    createLead: createLeadSchema(today).extend(withConsent),
    updateLead: updateLeadSchema(today),
    // Step bodies by number, each accepting the consent evidence beside its fields.
    steps: Object.fromEntries(
      Object.entries(steps).map(([n, schema]) => [n, schema.extend(withConsent)]),
    ) as unknown as Record<keyof typeof steps, z.ZodType>,
  };
}

let cached: { day: number; schemas: ReturnType<typeof build> } | undefined;

export function todaysSchemas(now: Date = new Date()) {
  const today = usToday(now);
  if (cached?.day !== today.getTime()) cached = { day: today.getTime(), schemas: build(today) };
  return cached.schemas;
}
