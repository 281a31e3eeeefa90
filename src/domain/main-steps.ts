import { MESSAGES } from "./messages.ts";
import {
  BANK_ACCOUNT_TYPE_OPTIONS,
  BANK_TIME_OPTIONS,
  CREDIT_SCORE_OPTIONS,
  DEFAULT_BANK_ACCOUNT_TYPE,
  DEFAULT_BANK_TIME,
  DEFAULT_OWN_HOME,
  DEFAULT_RESIDENCE_DURATION,
  DIRECT_DEPOSIT_OPTIONS,
  EMPLOYER_TIME_OPTIONS,
  INCOME_SOURCE_OPTIONS,
  MONTHLY_INCOME_OPTIONS,
  OWN_HOME_OPTIONS,
  PAY_FREQUENCY_OPTIONS,
  RESIDENCE_DURATION_OPTIONS,
  UNSECURED_DEBT_OPTIONS,
  YES_NO_OPTIONS,
} from "./options.ts";
import type { Step } from "./steps.ts";

// The main flow of spec section 2, in its order. Indicators from the route table (the credit score screen
// has none there and takes 23, between own car 22 and SSN 24). Step numbers and bodies from spec section 7;
// the unsecured-debt step is unnumbered there and takes 11, the free number between 10 and 12
// (docs/decisions/0007). Choice messages from spec section 5. back/next default to the neighbours.
type Row = Omit<Step, "path" | "back" | "next"> & { back?: string | null; next?: string };

// prettier-ignore
const ROWS: readonly Row[] = [
  { slug: "lgname", indicator: 2, screen: "legal-name", title: "Your Legal Name", subtitle: "As it appears on your ID.",
    fields: ["firstName", "lastName"], stepNumber: null, bodyFields: [], back: "/" },
  { slug: "email", indicator: 3, screen: "email", title: "Your E-mail Address", subtitle: "We will send your loan request details here.",
    fields: ["email"], stepNumber: null, bodyFields: [] },
  { slug: "cellphone", indicator: 3, screen: "cell-phone", title: "Your Cell Phone", subtitle: "Lenders might call you to discuss your loan request.",
    fields: ["phone"], stepNumber: 2, bodyFields: ["cellPhone", "homePhone", "contactTime"] },
  { slug: "dob", indicator: 4, screen: "dob", title: "Date of Birth", subtitle: "You must be 18 or older to request a loan.",
    fields: ["dob"], stepNumber: 5, bodyFields: ["dob"] },
  { slug: "address", indicator: 5, screen: "address", title: "Address of Residence", subtitle: "Where do you live?",
    fields: ["streetAddress", "zipCode", "city", "state"], stepNumber: 6, bodyFields: ["zip", "state", "city", "address"] },
  { slug: "hometime", indicator: 6, screen: "choice", title: "Time at Current Residence", subtitle: "How long have you lived at this address?",
    fields: ["currentResidenceDuration"], optionSet: RESIDENCE_DURATION_OPTIONS, choiceMessage: MESSAGES.selectOne, defaultValue: DEFAULT_RESIDENCE_DURATION,
    stepNumber: 7, bodyFields: ["time_at_residence", "addressLengthMonths"] },
  { slug: "ownhome", indicator: 7, screen: "choice", title: "Do you own or rent your home?", subtitle: "Tell us whether you own your home or rent it.",
    fields: ["residenceOwnership"], optionSet: OWN_HOME_OPTIONS, choiceMessage: MESSAGES.chooseAnswer, defaultValue: DEFAULT_OWN_HOME,
    stepNumber: 8, bodyFields: ["ownHome"] },
  { slug: "incomesource", indicator: 8, screen: "choice", title: "What is your source of income?", subtitle: "Employed or receiving benefits.",
    fields: ["incomeSource"], optionSet: INCOME_SOURCE_OPTIONS, choiceMessage: MESSAGES.chooseAnswer,
    stepNumber: 9, bodyFields: ["incomeType", "activeMilitary"] },
  { slug: "emptime", indicator: 9, screen: "choice", title: "Time with Employer", subtitle: "How long have you received this income?",
    fields: ["currentCompanyDuration"], optionSet: EMPLOYER_TIME_OPTIONS, choiceMessage: MESSAGES.chooseAnswer,
    stepNumber: 10, bodyFields: ["workTimeAtEmployer"] },
  { slug: "unsecureddebtamount", indicator: 10, screen: "choice", title: "How much unsecured debt do you have to pay?",
    subtitle: "Credit cards, medical bills and other debt without collateral.",
    fields: ["unsecuredDebtAmount"], optionSet: UNSECURED_DEBT_OPTIONS, choiceMessage: MESSAGES.selectOne,
    stepNumber: 11, bodyFields: ["debt_amount"] },
  { slug: "payfreequency", indicator: 11, screen: "choice", title: "Pay Frequency", subtitle: "How many times a month are you paid?",
    fields: ["incomePaymentFrequency"], optionSet: PAY_FREQUENCY_OPTIONS, choiceMessage: MESSAGES.chooseAnswer,
    stepNumber: 12, bodyFields: ["incomePaymentFrequency"] },
  { slug: "grossincome", indicator: 12, screen: "choice", title: "Gross Monthly Income",
    subtitle: "Your total monthly income before taxes. You need not disclose alimony, child support or separate maintenance income; non-taxable income may be increased by 25%.",
    fields: ["monthlyIncome"], optionSet: MONTHLY_INCOME_OPTIONS, choiceMessage: MESSAGES.chooseAnswer,
    stepNumber: 13, bodyFields: ["incomeNetMonthly"] },
  { slug: "nextpaydate", indicator: 13, screen: "pay-date", title: "Next Pay Date", subtitle: "When you will be getting paid next",
    fields: ["incomeNextDate1"], stepNumber: 14, bodyFields: ["incomeNextDate1", "incomeNextDate2"] },
  { slug: "empinfor", indicator: 14, screen: "employer", title: "Employer Information", subtitle: "Who pays your income, and what do you do?",
    fields: ["employerName", "jobTitle"], stepNumber: 15, bodyFields: ["workCompanyName", "jobTitle"] },
  { slug: "workphone", indicator: 15, screen: "work-phone", title: "Work Phone", subtitle: "Used only to confirm your employment.",
    fields: ["employerPhone"], stepNumber: 16, bodyFields: ["workPhone"] },
  { slug: "deposit", indicator: 16, screen: "choice", title: "Do you get direct deposit ?",
    subtitle: "Banks are more likely to fund your loan when your pay arrives by direct deposit.",
    fields: ["getDirectDeposit"], optionSet: DIRECT_DEPOSIT_OPTIONS, choiceMessage: MESSAGES.chooseAnswerBang,
    stepNumber: 17, bodyFields: ["bankDirectDeposit"] },
  { slug: "aba", indicator: 17, screen: "routing", title: "Bank Routing Number", subtitle: "The 9-digit number at the bottom left of your checks.",
    fields: ["routingNumber", "bankName"], stepNumber: 18, bodyFields: ["bankAba", "bankName"] },
  { slug: "banktype", indicator: 18, screen: "choice", title: "Bank Account Type", subtitle: "Banks favour checking accounts.",
    fields: ["bankAccountType"], optionSet: BANK_ACCOUNT_TYPE_OPTIONS, choiceMessage: MESSAGES.selectOne, defaultValue: DEFAULT_BANK_ACCOUNT_TYPE,
    stepNumber: 19, bodyFields: ["bankAccountType"] },
  { slug: "banktime", indicator: 19, screen: "choice", title: "Time at Bank", subtitle: "How long have you had this account?",
    fields: ["currentBankDuration"], optionSet: BANK_TIME_OPTIONS, choiceMessage: MESSAGES.selectOne, defaultValue: DEFAULT_BANK_TIME,
    stepNumber: 20, bodyFields: ["bankAccountLengthMonths"] },
  { slug: "bankaccount", indicator: 20, screen: "bank-account", title: "Bank Account Number", subtitle: "Where the lender can deposit your funds.",
    fields: ["bankAccount"], stepNumber: 21, bodyFields: ["bankAccountNumber"] },
  { slug: "driverid", indicator: 21, screen: "license", title: "Driver's License / State ID",
    subtitle: "Your driver's license number is used to verify your identity and prevent fraud.",
    fields: ["licenseID", "issuingState"], stepNumber: 22, bodyFields: ["driversLicenseNumber", "driversLicenseState"] },
  { slug: "owncar", indicator: 22, screen: "choice", title: "Do you own a car?", subtitle: "Tell us whether a car is registered in your name.",
    fields: ["ownCar"], optionSet: YES_NO_OPTIONS, choiceMessage: MESSAGES.selectOne,
    stepNumber: 23, bodyFields: ["own_car"] },
  { slug: "creditscore", indicator: 23, screen: "choice", title: "Credit Score",
    subtitle: "To your best knowledge, tell us your credit score. Don't worry, we consider all credit types.",
    fields: ["creditScoreRating"], optionSet: CREDIT_SCORE_OPTIONS, choiceMessage: MESSAGES.selectOne,
    stepNumber: 24, bodyFields: ["creditScore"] },
  // The SSN screen's Request Funds button sends the application (spec section 2).
  { slug: "ssn", indicator: 24, screen: "ssn", title: "Social Security Number", subtitle: "Many lenders need SSN to consider a loan.",
    fields: ["socialSecurityNumber"], stepNumber: 25, bodyFields: ["ssn"], next: "/mapping-lender" },
];

export const MAIN_STEPS: readonly Step[] = ROWS.map((row, i) => ({
  ...row,
  path: `/${row.slug}`,
  back: row.back !== undefined ? row.back : i > 0 ? `/${ROWS[i - 1]?.slug}` : null,
  next: row.next ?? `/${ROWS[i + 1]?.slug}`,
}));

/** A main-flow row by slug, for the variants in other-steps.ts; throws on a typo so it fails at load. */
export function mainStep(slug: string): Step {
  const step = MAIN_STEPS.find((s) => s.slug === slug);
  if (!step) throw new Error(`No main step ${slug}`);
  return step;
}
