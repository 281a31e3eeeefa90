import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The operator's do-not-call and litigator lists in the console (docs/product/screening.md#lists): named lists of
// phones, uploaded whole as text (one phone a line, or CSV) and kept as keyed hashes, so the console reads back their
// names and sizes, never a number.

/** Which check a match answers "listed": do_not_call or litigator. */
const SCREENING_LIST_KINDS = ["do_not_call", "litigator"] as const;
export type ScreeningListKind = (typeof SCREENING_LIST_KINDS)[number];

export const LIST_NAME_MESSAGE = "Name the list in 1 to 80 characters, no line breaks.";
export const LIST_KIND_MESSAGE = "Choose do_not_call or litigator.";

const listName = z
  .string({ message: LIST_NAME_MESSAGE })
  .trim()
  .min(1, LIST_NAME_MESSAGE)
  .max(80, LIST_NAME_MESSAGE)
  // eslint-disable-next-line no-control-regex -- a name is one line: control characters are refused, not stored
  .regex(/^[^\u0000-\u001f\u007f]*$/, LIST_NAME_MESSAGE);

export const screeningListCreation = z.object({
  name: listName,
  kind: z.enum(SCREENING_LIST_KINDS, { message: LIST_KIND_MESSAGE }),
});

export const screeningListRename = z.object({ name: listName });

const screeningList = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SCREENING_LIST_KINDS),
  /** How many distinct phones it holds. */
  entries: z.number().int(),
  updated_at: z.string(),
  /** The e-mail of the operator who last changed it; null when no operator did (or the account is gone). */
  updated_by: z.string().nullable(),
});
export type ScreeningListRow = z.infer<typeof screeningList>;

export const screeningListsAnswer = answerOf(z.object({ lists: z.array(screeningList) }));
export const screeningListAnswer = answerOf(z.object({ list: screeningList }));

/**
 * An upload's count: `entries` distinct phones now on the list (it replaced what was there), `skipped` lines with no
 * phone in them (blank lines, a header), `duplicates` lines repeating a phone already read.
 */
export const screeningListUploadAnswer = answerOf(
  z.object({
    list: screeningList,
    entries: z.number().int(),
    skipped: z.number().int(),
    duplicates: z.number().int(),
  }),
);
