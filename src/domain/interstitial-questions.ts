// The questions shown while the lenders are searched (docs/product/behaviour.md#interstitial-questions, texts
// in docs/product/settled-readings.md#16-interstitial-questions). A yes puts the visitor on the marketing
// list that goes with the question, beside the base list every yes starts from.

/** The list every yes starts from (docs/product/constants.md, mailing list ids). */
const INTERSTITIAL_BASE_LIST_ID = 15;

export type InterstitialQuestion = {
  readonly questionNumber: 1 | 2 | 3;
  readonly question: string;
  /** The marketing list a yes adds. */
  readonly listId: number;
};

export const INTERSTITIAL_QUESTIONS: readonly InterstitialQuestion[] = [
  { questionNumber: 1, question: "Do you have more than $15,000 in unsecured debt?", listId: 14 },
  { questionNumber: 2, question: "Would you like to save on auto insurance?", listId: 13 },
  { questionNumber: 3, question: "Would you like to see your credit score for free?", listId: 12 },
];

/** Every list a yes can add, the base list first. */
export const INTERSTITIAL_LIST_IDS: readonly number[] = [
  INTERSTITIAL_BASE_LIST_ID,
  ...INTERSTITIAL_QUESTIONS.map((q) => q.listId),
];

export const INTERSTITIAL_THANKS = {
  title: "Thank you!",
  text: "Your answers help us find the offers that suit you.",
  button: "Got it",
} as const;

/** The lists after a yes to `question`, given the lists of the earlier yeses (none: undefined). */
export function listIdsAfterYes(earlier: readonly number[] | undefined, question: InterstitialQuestion): number[] {
  const lists = earlier && earlier.length > 0 ? [...earlier] : [INTERSTITIAL_BASE_LIST_ID];
  if (!lists.includes(question.listId)) lists.push(question.listId);
  return lists;
}
