import type { DoNotSellRequestType } from "#domain/options.ts";

// Every privacy request type, one row each (docs/product/privacy-requests.md): what the law gives us to carry it
// out, how it is carried out, what it stops, and what the person reads. The forms, the workflow, suppression, the
// marketing removal and the mails all read this table, so a new type is one row, and a type the forms offer
// without a row here does not compile.

/** The unsubscribe form's one type, and the do-not-sell form's choices (src/domain/options.ts). */
export type RequestType = "UNSUBSCRIBE" | DoNotSellRequestType;

/** The text around the link of a request carried out from the mailbox it names. */
type VerificationMailText = {
  /** Which page the link opens: the export of what is held, or the confirmation of a deletion. */
  link: "export" | "delete";
  subject: string;
  /** What the person asked, first line of the mail. */
  asked: string;
  /** The lines before the link. */
  lines: readonly string[];
  /** What happens to someone who did not ask and ignores the mail. */
  ignore: string;
};

type Handling =
  /** Carried out before the answer returns: suppression reads the stored request. */
  | { handling: "at_once" }
  /** Only whoever reads the e-mail given may see or erase what is held for it. */
  | { handling: "verified_by_mail"; mail: VerificationMailText }
  /** Left to the operator's queue. */
  | { handling: "by_operator" };

export type RequestTypeRule = Handling & {
  /** The law's longest wait for it. */
  deadline: { days: number; businessDays: boolean };
  /** From the request on, the person's data is never sent to a buyer or a list again. */
  stopsSelling: boolean;
  /** From the request on, no marketing e-mail reaches the person, and lists they are on drop them. */
  stopsMarketing: boolean;
  /** The alert the visitor reads once the form is sent (docs/product/errors.md). */
  acknowledgement: string;
};

// The deadlines: 10 business days for an e-mail opt-out (CAN-SPAM), 15 business days for a sale or
// sensitive-data opt-out, 45 days for know, delete and correct (the state privacy laws). The acknowledgements keep
// the times the pages promise: opting out within 48 hours (docs/product/constants.md), the other rights within 45
// days; know and delete go on from the link mailed to the address given (docs/product/privacy-requests.md).
export const REQUEST_TYPE_RULES = {
  UNSUBSCRIBE: {
    deadline: { days: 10, businessDays: true },
    handling: "at_once",
    stopsSelling: false,
    stopsMarketing: true,
    acknowledgement: "Thank you. Your request has been received, and you will be unsubscribed within 48 hours.",
  },
  DO_NOT_SELL: {
    deadline: { days: 15, businessDays: true },
    handling: "at_once",
    stopsSelling: true,
    stopsMarketing: true,
    acknowledgement:
      "Thank you. Your request has been received. We will stop selling or sharing your personal information within 48 hours.",
  },
  // Limiting the use of sensitive data stops sales too: every sale carries the application's sensitive answers.
  LIMIT_SENSITIVE: {
    deadline: { days: 15, businessDays: true },
    handling: "at_once",
    stopsSelling: true,
    stopsMarketing: true,
    acknowledgement:
      "Thank you. Your request has been received. We will limit the use of your sensitive personal information within 48 hours.",
  },
  // Selling stops at once; the erasure waits for the confirmation from the mailbox.
  DELETE: {
    deadline: { days: 45, businessDays: false },
    handling: "verified_by_mail",
    mail: {
      link: "delete",
      subject: "Confirm the deletion of your personal information",
      asked: "You asked us to delete your personal information",
      lines: ["We have already stopped selling or sharing it.", "", "To delete it, open this link and confirm:"],
      ignore: "nothing is deleted unless the link is confirmed.",
    },
    stopsSelling: true,
    stopsMarketing: true,
    acknowledgement:
      "Thank you. Your request has been received, and we have stopped selling or sharing your personal information. To delete it, open the link we are sending to your e-mail address and confirm; we complete deletions within 45 days.",
  },
  ACCESS: {
    deadline: { days: 45, businessDays: false },
    handling: "verified_by_mail",
    mail: {
      link: "export",
      subject: "Your personal information",
      asked: "You asked what personal information we hold about you",
      lines: ["Open this link to see all of it:"],
      ignore: "nothing is shown to anyone who does not have this link.",
    },
    stopsSelling: false,
    stopsMarketing: false,
    acknowledgement:
      "Thank you. Your request has been received. We are sending a link to your e-mail address: it opens the personal information we hold about you. Only that address receives it.",
  },
  CORRECT: {
    deadline: { days: 45, businessDays: false },
    handling: "by_operator",
    stopsSelling: false,
    stopsMarketing: false,
    acknowledgement:
      "Thank you. Your request has been received. We will verify it and correct your personal information within 45 days.",
  },
} as const satisfies Record<RequestType, RequestTypeRule>;

/** A stored type (a text column) read back: its rule, or undefined for a value that is no type. */
export function requestTypeRule(type: string | null | undefined): RequestTypeRule | undefined {
  return isRequestType(type) ? REQUEST_TYPE_RULES[type] : undefined;
}

export function isRequestType(value: unknown): value is RequestType {
  return typeof value === "string" && Object.hasOwn(REQUEST_TYPE_RULES, value);
}

/** The types after which the person's data is never sold again (suppression asks the store for these). */
export const STOP_SELLING_TYPES: readonly RequestType[] = (Object.keys(REQUEST_TYPE_RULES) as RequestType[]).filter(
  (type) => REQUEST_TYPE_RULES[type].stopsSelling,
);
