import type { ChoiceConfirmation } from "./step.ts";

// docs/product/screens-and-routes.md, bank account type: banks favour checking, so choosing Saving opens a
// pop-up offering Checking; changing or keeping the answer both send it. The main screen (/banktype) and the
// bank details of the alternate path (/apply/bank) ask it alike.
export const CHECKING_CONFIRMATION: ChoiceConfirmation = {
  field: "bankAccountType",
  value: "SAVING",
  suggested: "CHECKING",
  question: "Did you mean 'Checking' as Bank account type?",
  detail: "Banks favour checking accounts: lenders are more likely to fund a loan into one.",
  changeLabel: "Change to Checking",
  keepLabel: "Continue with Saving",
};
