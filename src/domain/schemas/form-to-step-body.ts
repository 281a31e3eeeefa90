import { incomeForWire } from "../fields.ts";
import { DEFAULT_CONTACT_TIME, type IncomeSource, type PayFrequency } from "../options.ts";
import { secondPayDate } from "../pay-dates.ts";
import type { Step } from "../steps.ts";

// A screen's parsed form values (client names) turned into its step-update body (wire names of spec
// section 7), with the spec's rules on the way: the phone saved as cell and home phone with contact time
// ANYTIME (decisions row 2), MILITARY sent as SELF_EMPLOYMENT + activeMilitary YES (spec section 4),
// durations and income as numbers, the second pay date computed from the first (spec section 4).

export type StepBodyRequest = { step: number } & Record<string, unknown>;

const str = (v: unknown) => String(v);
const present = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));

function bodyFields(step: Step, v: Record<string, unknown>, payFrequency?: PayFrequency): Record<string, unknown> {
  switch (step.stepNumber) {
    case 2:
      return { cellPhone: v.phone, homePhone: v.phone, contactTime: DEFAULT_CONTACT_TIME };
    case 4:
      return { contactTime: v.bestTimeContact };
    case 5:
      return { dob: v.dob };
    case 6:
      return { zip: v.zipCode, state: v.state, city: v.city, address: v.streetAddress };
    case 7:
      return {
        time_at_residence: Number(v.currentResidenceDuration),
        addressLengthMonths: Number(v.currentResidenceDuration),
      };
    case 8:
      return { ownHome: v.residenceOwnership };
    case 9:
      return incomeForWire(v.incomeSource as IncomeSource);
    case 10:
      return { workTimeAtEmployer: Number(v.currentCompanyDuration) };
    case 11:
      return { debt_amount: v.unsecuredDebtAmount };
    case 12:
      return { incomePaymentFrequency: v.incomePaymentFrequency };
    case 13:
      return { incomeNetMonthly: Number(v.monthlyIncome) };
    case 14: {
      if (!payFrequency) throw new RangeError("The second pay date needs the pay frequency");
      return {
        incomeNextDate1: v.incomeNextDate1,
        incomeNextDate2: secondPayDate(str(v.incomeNextDate1), payFrequency),
      };
    }
    case 15:
      return { workCompanyName: v.employerName, jobTitle: v.jobTitle };
    case 16:
      return { workPhone: v.employerPhone };
    case 17:
      return { bankDirectDeposit: v.getDirectDeposit };
    case 18:
      // /apply/bank adds the account number and type to the main routing screen's two fields.
      return present({
        bankAba: v.routingNumber,
        bankName: v.bankName,
        bankAccountNumber: v.bankAccount,
        bankAccountType: v.bankAccountType,
      });
    case 19:
      return { bankAccountType: v.bankAccountType };
    case 20:
      return { bankAccountLengthMonths: Number(v.currentBankDuration) };
    case 21:
      return { bankAccountNumber: v.bankAccount };
    case 22:
      return { driversLicenseNumber: v.licenseID, driversLicenseState: v.issuingState };
    case 23:
      return { own_car: v.ownCar };
    case 24:
      return { creditScore: v.creditScoreRating };
    case 25:
      return { ssn: v.socialSecurityNumber };
    default:
      throw new RangeError(`${step.slug} has no step update`);
  }
}

/**
 * The body fields of `step` from its parsed form values (add lead_id to send it). Undefined for the
 * screens that save through lead create/update (stepNumber null). `payFrequency` is needed by the pay
 * date screens only.
 */
export function formToStepBody(
  step: Step,
  values: Record<string, unknown>,
  context: { payFrequency?: PayFrequency } = {},
): StepBodyRequest | undefined {
  if (step.stepNumber === null) return undefined;
  return { step: step.stepNumber, ...bodyFields(step, values, context.payFrequency) };
}
