import type { SuggestionField } from "#domain/contracts/lookups.ts";
import { EMPLOYERS } from "./data/employers.ts";
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "./data/first-names.ts";
import { JOB_TITLES } from "./data/job-titles.ts";
import { SURNAMES } from "./data/surnames.ts";
import { createSuggestionIndex, type SuggestionIndex } from "./suggestion-index.ts";

/** Up to this many suggestions per answer. */
export const MAX_SUGGESTIONS = 10;

export type SuggestionIndexes = Record<SuggestionField, SuggestionIndex>;

/** Builds every index once; call at start, not per request. */
export function createSuggestionIndexes(): SuggestionIndexes {
  return {
    first_name: createSuggestionIndex([MALE_FIRST_NAMES, FEMALE_FIRST_NAMES]),
    last_name: createSuggestionIndex([SURNAMES]),
    employer: createSuggestionIndex([EMPLOYERS]),
    job_title: createSuggestionIndex([JOB_TITLES]),
  };
}
