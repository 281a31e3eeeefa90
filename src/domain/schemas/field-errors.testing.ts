import type { z } from "zod";

/** Test helper: the messages a schema gives, by top-level field ({} when the input passes). */
export function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
