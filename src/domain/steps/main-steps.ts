import {
  DEFAULT_CONTACT_TIME,
  DEFAULT_BANK_ACCOUNT_TYPE,
  DEFAULT_BANK_TIME,
  DEFAULT_OWN_HOME,
  DEFAULT_RESIDENCE_DURATION,
  BANK_ACCOUNT_TYPE_OPTIONS,
  INCOME_SOURCE_OPTIONS,
  PAY_FREQUENCY_OPTIONS,
  RESIDENCE_DURATION_OPTIONS,
  type IncomeSource,
} from "../options.ts";
import { incomeForWire } from "../fields/field-names.ts";
import { MESSAGES } from "../messages.ts";
import { isSecondPayDateOf, secondPayDate } from "../pay-dates.ts";
import { dobFormSchema } from "../schemas/dob-form.ts";
import { workPhoneConflict } from "../schemas/work-phone.ts";
import { choice, fieldsValid, zipCode } from "../schemas/field-rules.ts";
import { loanAmount } from "../schemas/quick-start.ts";
import { CHECKING_CONFIRMATION } from "./bank-type-confirmation.ts";
import type { BodyContext, FormValues, Step, StepRow } from "./step.ts";

// The main flow of docs/product/screens-and-routes.md, in its order. Indicators from the route table (the credit score
// screen has none there and takes 23, between own car 22 and SSN 24). Step numbers and bodies from
// docs/product/server-calls.md; the unsecured-debt step is unnumbered there and takes 11, the free number between 10
// and 12 (docs/decisions/0007). back/next default to the neighbours.
type Row = StepRow & { back?: string | null; next?: string };

/** The second pay date follows from the first and the saved pay frequency (docs/product/behaviour.md). */
function secondDate(v: FormValues, { saved }: BodyContext) {
  const frequency = PAY_FREQUENCY_OPTIONS.find((o) => o.value === saved?.incomePaymentFrequency)?.value;
  if (!frequency) throw new RangeError("The second pay date needs the pay frequency");
  return secondPayDate(String(v.incomeNextDate1), frequency);
}

// prettier-ignore
const ROWS: readonly Row[] = [
  { slug: "lgname", indicator: 2, screen: "legal-name", title: "Your Legal Name", subtitle: "As it appears on your ID.",
    fields: ["firstName", "lastName"], stepNumber: null, resumable: false, back: "/",
    // The loan amount select shows only when the loan reason came from the page address
    // (docs/product/screens-and-routes.md).
    form: (fields, ctx) => (ctx.amountShown ? fields.extend({ amount: loanAmount }) : fields) },
  { slug: "email", indicator: 3, screen: "email", title: "Your E-mail Address", subtitle: "We will send your loan request details here.",
    fields: ["email"], stepNumber: null, resumable: false },
  // The main flow saves the phone as cell and home phone with contact time ANYTIME
  // (docs/product/settled-readings.md#2-best-time-to-contact). docs/product/errors.md: the server's refusal of the
  // number, whatever its 4xx, reads "Phone number is invalid!".
  { slug: "cellphone", indicator: 3, screen: "cell-phone", title: "Your Cell Phone", subtitle: "Lenders might call you to discuss your loan request.",
    fields: ["phone"], stepNumber: 2, consent: "phone", refusal: { field: "phone", message: MESSAGES.phoneRefused },
    body: { cellPhone: "phone", homePhone: "phone", contactTime: () => DEFAULT_CONTACT_TIME } },
  { slug: "dob", indicator: 4, screen: "dob", title: "Date of Birth", subtitle: "You must be 18 or older to request a loan.",
    fields: ["dob"], stepNumber: 5, body: { dob: "dob" }, form: (_fields, ctx) => dobFormSchema(ctx.today) },
  // City and state come from the zip lookup, so an empty one means the zip was not found (docs/product/validation.md).
  { slug: "address", indicator: 5, screen: "address", title: "Address of Residence", subtitle: "Where do you live?",
    fields: ["streetAddress", "zipCode", "city", "state"], rules: { zipCode: () => zipCode(MESSAGES.addressZipUnknown) },
    stepNumber: 6, body: { zip: "zipCode", state: "state", city: "city", address: "streetAddress" } },
  // docs/product/server-calls.md names both fields; they carry the same months.
  { slug: "hometime", indicator: 6, screen: "choice", title: "Time at Current Residence", subtitle: "How long have you lived at this address?",
    fields: ["currentResidenceDuration"], options: RESIDENCE_DURATION_OPTIONS, defaultValue: DEFAULT_RESIDENCE_DURATION,
    stepNumber: 7, body: { time_at_residence: "currentResidenceDuration", addressLengthMonths: "currentResidenceDuration" },
    optionalBody: ["addressLengthMonths"],
    refineBody: (b, ctx) => {
      if (b.addressLengthMonths !== undefined && b.addressLengthMonths !== b.time_at_residence)
        ctx.addIssue({ code: "custom", path: ["addressLengthMonths"], message: MESSAGES.residenceMonthsDisagree });
    } },
  { slug: "ownhome", indicator: 7, screen: "choice", title: "Do you own or rent your home?", subtitle: "Tell us whether you own your home or rent it.",
    fields: ["residenceOwnership"], defaultValue: DEFAULT_OWN_HOME, stepNumber: 8, body: { ownHome: "residenceOwnership" } },
  // docs/product/behaviour.md: MILITARY travels as SELF_EMPLOYMENT with activeMilitary YES; only SELF_EMPLOYMENT
  // carries YES.
  { slug: "incomesource", indicator: 8, screen: "choice", title: "What is your source of income?", subtitle: "Employed or receiving benefits.",
    fields: ["incomeSource"], options: INCOME_SOURCE_OPTIONS,
    rules: { incomeSource: () => choice(INCOME_SOURCE_OPTIONS, MESSAGES.chooseAnswer) },
    stepNumber: 9,
    body: {
      incomeType: (v) => incomeForWire(v.incomeSource as IncomeSource).incomeType,
      activeMilitary: (v) => incomeForWire(v.incomeSource as IncomeSource).activeMilitary,
    },
    refineBody: (b, ctx) => {
      if (b.activeMilitary === "YES" && b.incomeType !== "SELF_EMPLOYMENT")
        ctx.addIssue({ code: "custom", path: ["activeMilitary"], message: MESSAGES.chooseAnswer });
    } },
  { slug: "emptime", indicator: 9, screen: "choice", title: "Time with Employer", subtitle: "How long have you received this income?",
    fields: ["currentCompanyDuration"], stepNumber: 10, body: { workTimeAtEmployer: "currentCompanyDuration" } },
  { slug: "unsecureddebtamount", indicator: 10, screen: "choice", title: "How much unsecured debt do you have to pay?",
    subtitle: "Credit cards, medical bills and other debt without collateral.",
    fields: ["unsecuredDebtAmount"], stepNumber: 11, body: { debt_amount: "unsecuredDebtAmount" } },
  { slug: "payfreequency", indicator: 11, screen: "choice", title: "Pay Frequency", subtitle: "How many times a month are you paid?",
    fields: ["incomePaymentFrequency"], stepNumber: 12, body: { incomePaymentFrequency: "incomePaymentFrequency" } },
  { slug: "grossincome", indicator: 12, screen: "choice", title: "Gross Monthly Income",
    subtitle: "Your total monthly income before taxes. You need not disclose alimony, child support or separate maintenance income; non-taxable income may be increased by 25%.",
    fields: ["monthlyIncome"], stepNumber: 13, body: { incomeNetMonthly: "monthlyIncome" } },
  { slug: "nextpaydate", indicator: 13, screen: "pay-date", title: "Next Pay Date", subtitle: "When you will be getting paid next",
    fields: ["incomeNextDate1"], stepNumber: 14,
    body: { incomeNextDate1: "incomeNextDate1", incomeNextDate2: secondDate },
    refineBody: (b, ctx) => {
      if (!isSecondPayDateOf(String(b.incomeNextDate1), String(b.incomeNextDate2)))
        ctx.addIssue({ code: "custom", path: ["incomeNextDate2"], message: MESSAGES.payDateSecond });
    } },
  { slug: "empinfor", indicator: 14, screen: "employer", title: "Employer Information", subtitle: "Who pays your income, and what do you do?",
    fields: ["employerName", "jobTitle"], stepNumber: 15, body: { workCompanyName: "employerName", jobTitle: "jobTitle" } },
  // The work phone differs from the cell and home phone (docs/product/validation.md); the server checks the saved lead.
  { slug: "workphone", indicator: 15, screen: "work-phone", title: "Work Phone", subtitle: "Used only to confirm your employment.",
    fields: ["employerPhone"], stepNumber: 16, body: { workPhone: "employerPhone" },
    form: (fields, ctx) =>
      fields.superRefine((v, issues) => {
        const conflict = workPhoneConflict(String(v.employerPhone), ctx.knownPhones ?? {});
        if (conflict) issues.addIssue({ code: "custom", path: ["employerPhone"], message: conflict });
      }, fieldsValid) },
  // The original's space before "?", kept unbreakable: a phone put "?" alone on the title's last line.
  { slug: "deposit", indicator: 16, screen: "choice", title: "Do you get direct deposit\u00a0?",
    subtitle: "Banks are more likely to fund your loan when your pay arrives by direct deposit.",
    fields: ["getDirectDeposit"], stepNumber: 17, body: { bankDirectDeposit: "getDirectDeposit" } },
  { slug: "aba", indicator: 17, screen: "routing", title: "Bank Routing Number", subtitle: "The 9-digit number at the bottom left of your checks.",
    fields: ["routingNumber", "bankName"], stepNumber: 18, body: { bankAba: "routingNumber", bankName: "bankName" } },
  { slug: "banktype", indicator: 18, screen: "choice", title: "Bank Account Type", subtitle: "Banks favour checking accounts.",
    fields: ["bankAccountType"], defaultValue: DEFAULT_BANK_ACCOUNT_TYPE,
    rules: { bankAccountType: () => choice(BANK_ACCOUNT_TYPE_OPTIONS, MESSAGES.selectOne) },
    confirmChoice: CHECKING_CONFIRMATION, stepNumber: 19, body: { bankAccountType: "bankAccountType" } },
  { slug: "banktime", indicator: 19, screen: "choice", title: "Time at Bank", subtitle: "How long have you had this account?",
    fields: ["currentBankDuration"], defaultValue: DEFAULT_BANK_TIME, stepNumber: 20, body: { bankAccountLengthMonths: "currentBankDuration" } },
  { slug: "bankaccount", indicator: 20, screen: "bank-account", title: "Bank Account Number", subtitle: "Where the lender can deposit your funds.",
    fields: ["bankAccount"], stepNumber: 21, body: { bankAccountNumber: "bankAccount" } },
  { slug: "driverid", indicator: 21, screen: "license", title: "Driver's License / State ID",
    subtitle: "Your driver's license number is used to verify your identity and prevent fraud.",
    fields: ["licenseID", "issuingState"], stepNumber: 22, body: { driversLicenseNumber: "licenseID", driversLicenseState: "issuingState" } },
  { slug: "owncar", indicator: 22, screen: "choice", title: "Do you own a car?", subtitle: "Tell us whether a car is registered in your name.",
    fields: ["ownCar"], stepNumber: 23, body: { own_car: "ownCar" } },
  { slug: "creditscore", indicator: 23, screen: "choice", title: "Credit Score",
    subtitle: "To your best knowledge, tell us your credit score. Don't worry, we consider all credit types.",
    fields: ["creditScoreRating"], stepNumber: 24, body: { creditScore: "creditScoreRating" } },
  // The SSN screen's Request Funds button saves the last answer with the FCRA consent
  // (docs/product/screens-and-routes.md); the submit screen /requestcash then hands the application to the lenders.
  { slug: "ssn", indicator: 24, screen: "ssn", title: "Social Security Number", subtitle: "Many lenders need SSN to consider a loan.",
    fields: ["socialSecurityNumber"], stepNumber: 25, consent: "ssn", body: { ssn: "socialSecurityNumber" }, next: "/requestcash" },
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
