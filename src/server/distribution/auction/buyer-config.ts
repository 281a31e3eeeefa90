import { z } from "zod";
import { buyerSchema, type Buyer } from "#domain/buyers/buyer-schema.ts";

// The schema is the domain's (src/domain/buyers/buyer-schema.ts), shared with the console's buyer form; here
// is how a list of them is read, for BUYERS_FILE and the `buyers` table.

export { buyerSchema };
export type { AnswerMap, Buyer, CallSpec, FieldMap } from "#domain/buyers/buyer-schema.ts";

export class BuyerConfigError extends Error {}

/** Validates a list of buyers; throws one message listing every problem, each with buyer and field. */
export function parseBuyers(input: unknown, origin: string): Buyer[] {
  const list = z.array(z.unknown()).safeParse(input);
  if (!list.success) throw new BuyerConfigError(`${origin}: must be a JSON array of buyers`);
  const problems: string[] = [];
  const out: Buyer[] = [];
  list.data.forEach((entry, i) => {
    const parsed = buyerSchema.safeParse(entry);
    const label = typeof (entry as { id?: unknown })?.id === "string" ? (entry as { id: string }).id : `#${i}`;
    if (parsed.success) out.push(parsed.data);
    else for (const issue of parsed.error.issues) problems.push(`  ${label}.${issue.path.join(".")}: ${issue.message}`);
  });
  const ids = new Set<string>();
  for (const b of out) {
    if (ids.has(b.id)) problems.push(`  ${b.id}: the id is used twice`);
    ids.add(b.id);
  }
  if (problems.length) throw new BuyerConfigError(`${origin}: invalid buyer configuration:\n${problems.join("\n")}`);
  return out;
}
