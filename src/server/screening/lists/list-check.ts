import type { Db } from "../../platform/db/database.ts";
import type { Answers, ScreeningCheck } from "../gate/screening-check.ts";
import { listMatches, type ListMatch } from "./list-store.ts";

// The operator's lists as a check of the gate (docs/product/screening.md#lists): the lead's phone, by its keyed hash,
// against every do-not-call and litigator list in one lookup. A match is always refused (quality-checks.ts
// LIST_RULES); the detail names the lists, never the number.

export type ListCheckOptions = {
  db: Db;
  /** One indexed read of the database. */
  timeoutMs: number;
};

const detailOf = (matches: readonly ListMatch[]) => `list: ${matches.map((m) => m.name).join(", ")}`;

export function createListCheck(options: ListCheckOptions): ScreeningCheck {
  return {
    name: "lists",
    answers: ["do_not_call", "litigator"],
    timeoutMs: options.timeoutMs,
    async run(input): Promise<Answers> {
      const hash = input.hashes.phone;
      if (!hash) {
        return {
          do_not_call: { answer: "unknown", source: "lists", detail: "no phone" },
          litigator: { answer: "unknown", source: "lists", detail: "no phone" },
        };
      }
      const matches = await listMatches(options.db, hash);
      const doNotCall = matches.filter((m) => m.kind === "do_not_call");
      const litigator = matches.filter((m) => m.kind === "litigator");
      return {
        do_not_call: doNotCall.length
          ? { answer: "listed", source: "lists", detail: detailOf(doNotCall) }
          : { answer: "clear", source: "lists" },
        litigator: litigator.length
          ? { answer: "listed", source: "lists", detail: detailOf(litigator) }
          : { answer: "clear", source: "lists" },
      };
    },
  };
}
