import { MESSAGES } from "../messages.ts";
import { DEFAULT_CONTACT_TIME, DEFAULT_RESIDENCE_DURATION_ALT, RESIDENCE_DURATION_ALT_OPTIONS } from "../options.ts";
import { numberChoice } from "../schemas/field-rules.ts";
import { CHECKING_CONFIRMATION } from "./bank-type-confirmation.ts";
import { mainStep } from "./main-steps.ts";
import type { Step } from "./step.ts";

// The alternate entry paths /apply/* (docs/product/screens-and-routes.md), each a variant of a main screen with its own
// route, links and indicator. Indicators: docs/product/settled-readings.md#3-progress-indicators (bank details 12,
// direct deposit 13, time at bank 14, SSN 17); the others are placed around them so the bar only moves forward
// (docs/decisions/0007). The alternate path runs address, home time, own home, score, bank, deposit, bank time, driver,
// own car, SSN, debt, then /requestcash.
const variant = (slug: string, changes: Partial<Step> & Pick<Step, "slug" | "path" | "back" | "next">): Step => ({
  ...mainStep(slug),
  ...changes,
});

export const ALTERNATE_STEPS: readonly Step[] = [
  variant("address", { slug: "apply-address", path: "/apply/address", back: null, next: "/apply/home_time" }),
  // docs/product/settled-readings.md#9-alternate-residence-labels: the alternate residence labels, default 7 - 10
  // years.
  variant("hometime", {
    slug: "apply-home_time",
    path: "/apply/home_time",
    options: RESIDENCE_DURATION_ALT_OPTIONS,
    rules: { currentResidenceDuration: () => numberChoice(RESIDENCE_DURATION_ALT_OPTIONS, MESSAGES.selectOne) },
    defaultValue: DEFAULT_RESIDENCE_DURATION_ALT,
    back: "/apply/address",
    next: "/apply/own_home",
  }),
  variant("ownhome", {
    slug: "apply-own_home",
    path: "/apply/own_home",
    back: "/apply/home_time",
    next: "/apply/score",
  }),
  variant("creditscore", {
    slug: "apply-score",
    path: "/apply/score",
    indicator: 11,
    back: "/apply/own_home",
    next: "/apply/bank",
  }),
  // Bank details: routing number, bank name, account number and type on one screen, sent as step 18.
  {
    slug: "apply-bank",
    path: "/apply/bank",
    indicator: 12,
    screen: "bank-details",
    // The original's capital after the comma and its dangling "By providing..., lenders" mended
    // (docs/decisions/0030-funnel-words.md).
    title: "{firstName}, you are at the final steps",
    subtitle: "When you provide your bank details, lenders can review your request with a higher acceptance rate!",
    fields: ["routingNumber", "bankName", "bankAccount", "bankAccountType"],
    stepNumber: 18,
    body: {
      bankAba: "routingNumber",
      bankName: "bankName",
      bankAccountNumber: "bankAccount",
      bankAccountType: "bankAccountType",
    },
    confirmChoice: CHECKING_CONFIRMATION,
    back: "/apply/score",
    next: "/apply/deposit",
  },
  variant("deposit", {
    slug: "apply-deposit",
    path: "/apply/deposit",
    indicator: 13,
    back: "/apply/bank",
    next: "/apply/bank_time",
  }),
  variant("banktime", {
    slug: "apply-bank_time",
    path: "/apply/bank_time",
    indicator: 14,
    back: "/apply/deposit",
    next: "/apply/driver",
  }),
  variant("driverid", {
    slug: "apply-driver",
    path: "/apply/driver",
    indicator: 15,
    back: "/apply/bank_time",
    next: "/apply/own_car",
  }),
  variant("owncar", {
    slug: "apply-own_car",
    path: "/apply/own_car",
    indicator: 16,
    back: "/apply/driver",
    next: "/apply/ssn",
  }),
  variant("ssn", { slug: "apply-ssn", path: "/apply/ssn", indicator: 17, back: "/apply/own_car", next: "/apply/debt" }),
  variant("unsecureddebtamount", {
    slug: "apply-debt",
    path: "/apply/debt",
    indicator: 18,
    back: "/apply/ssn",
    next: "/requestcash",
  }),
];

export const EXTRA_STEPS: readonly Step[] = [
  // docs/product/settled-readings.md#2-best-time-to-contact: its own screen, not in the main order; step 4 of
  // docs/product/server-calls.md.
  {
    slug: "besttimecontact",
    path: "/besttimecontact",
    indicator: 6,
    screen: "choice",
    title: "Best Time to Contact",
    subtitle: "When should lenders call you?",
    fields: ["bestTimeContact"],
    defaultValue: DEFAULT_CONTACT_TIME,
    stepNumber: 4,
    body: { contactTime: "bestTimeContact" },
    back: "/cellphone",
    next: "/dob",
  },
  // docs/product/settled-readings.md#12-loanreason-returning-visitor: greets a returning visitor, confirms amount and
  // reason (saved through the lead update), then refreshes the pay dates.
  {
    slug: "loanreason",
    path: "/loanreason",
    indicator: 1,
    screen: "loan-confirm",
    title: "Welcome back, {firstName}!",
    subtitle: "Please confirm your loan amount and reason.",
    fields: ["amount", "loanReason"],
    stepNumber: null,
    back: null,
    next: "/nextpaydatesort",
  },
  // docs/product/screens-and-routes.md: the returning visitor's pay date screen, back to /grossincome. Its Next goes to
  // the first step still missing (pathAfterPayDates in resume.ts), else /requestcash.
  variant("nextpaydate", {
    slug: "nextpaydatesort",
    path: "/nextpaydatesort",
    title: "Welcome back, {firstName}!",
    back: "/grossincome",
    next: "/requestcash",
  }),
  // docs/product/screens-and-routes.md: the submit screen (its "step 27") with a Request Cash button.
  {
    slug: "requestcash",
    path: "/requestcash",
    indicator: 24,
    screen: "request-cash",
    title: "You are all set!",
    subtitle: "Press Request Cash to send your request to our lender network.",
    fields: [],
    stepNumber: null,
    back: null,
    next: "/mapping-lender",
  },
];
