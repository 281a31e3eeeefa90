import type { IncomeSource } from "./options.ts";

// Client field name -> server field name (spec section 3, Contact). Names the spec lists as unchanged
// map to themselves. The browser holds client names; everything on the wire uses server names.
export const CLIENT_TO_SERVER = {
  bankAccount: "bank_account_number",
  bankAccountType: "bank_account_type",
  bankName: "bank_name",
  bestTimeContact: "contact_time",
  creditScoreRating: "credit_score",
  currentBankDuration: "bank_account_length_month",
  currentCompanyDuration: "work_time_at_employer",
  currentResidenceDuration: "time_at_residence",
  employerName: "work_company_name",
  employerPhone: "work_phone",
  firstName: "first_name",
  lastName: "last_name",
  getDirectDeposit: "bank_direct_deposit",
  incomeSource: "income_type",
  ipAddress: "user_ip",
  issuingState: "drivers_license_state",
  licenseID: "drivers_license_number",
  loanReason: "loan_reason",
  amount: "loan_amount",
  monthlyIncome: "income_net_monthly",
  incomeNextDate1: "income_next_date_1",
  incomeNextDate2: "income_next_date_2",
  ownCar: "own_car",
  incomePaymentFrequency: "income_payment_frequency",
  phone: "home_phone",
  residenceOwnership: "own_home",
  routingNumber: "bank_aba",
  socialSecurityNumber: "ssn",
  streetAddress: "address",
  testMode: "test_mode",
  unsecuredDebtAmount: "debt_amount",
  zipCode: "zip",
  createdAt: "created_at",
  // Unchanged names.
  city: "city",
  dob: "dob",
  email: "email",
  state: "state",
  updatedAt: "updated_at",
  userAgent: "user_agent",
  // Further fields of the contact (spec section 3).
  cellPhone: "cell_phone",
  middleName: "middle_name",
  jobTitle: "job_title",
  activeMilitary: "active_military",
  utm_source: "utm_source",
  // Answers of send and ping (decisions.md section 2) and the lead's own id keep their names.
  lead_id: "lead_id",
  redirect_url: "redirect_url",
  rejectUrl: "rejectUrl",
} as const;

export type ClientField = keyof typeof CLIENT_TO_SERVER;
export type ServerField = (typeof CLIENT_TO_SERVER)[ClientField];

export const SERVER_TO_CLIENT = Object.fromEntries(
  Object.entries(CLIENT_TO_SERVER).map(([client, server]) => [server, client]),
) as { [S in ServerField]: { [C in ClientField]: (typeof CLIENT_TO_SERVER)[C] extends S ? C : never }[ClientField] };

// The camelCase aliases that step-update bodies use (spec sections 3 and 7) -> server field names.
export const WIRE_ALIASES = {
  loanAmount: "loan_amount",
  homePhone: "home_phone",
  cellPhone: "cell_phone",
  contactTime: "contact_time",
  addressLengthMonths: "time_at_residence",
  ownHome: "own_home",
  incomeType: "income_type",
  activeMilitary: "active_military",
  workTimeAtEmployer: "work_time_at_employer",
  incomePaymentFrequency: "income_payment_frequency",
  incomeNetMonthly: "income_net_monthly",
  incomeNextDate1: "income_next_date_1",
  incomeNextDate2: "income_next_date_2",
  workCompanyName: "work_company_name",
  jobTitle: "job_title",
  workPhone: "work_phone",
  bankDirectDeposit: "bank_direct_deposit",
  bankAba: "bank_aba",
  bankName: "bank_name",
  bankAccountType: "bank_account_type",
  bankAccountLengthMonths: "bank_account_length_month",
  currentBankDuration: "bank_account_length_month",
  bankAccountNumber: "bank_account_number",
  driversLicenseNumber: "drivers_license_number",
  driversLicenseState: "drivers_license_state",
  creditScore: "credit_score",
  socialSecurityNumber: "ssn",
} as const satisfies Record<string, ServerField>;

/** The server field a wire name stands for: a server name itself, or one of its aliases. */
export function serverFieldOf(wireName: string): ServerField | undefined {
  if (Object.hasOwn(WIRE_ALIASES, wireName)) return WIRE_ALIASES[wireName as keyof typeof WIRE_ALIASES];
  if (Object.hasOwn(SERVER_TO_CLIENT, wireName)) return wireName as ServerField;
  return undefined;
}

/**
 * The zip's position (spec section 3: zipPosition, latitude and longitude) is one object in the browser
 * and two server fields, latitude and longitude; the two functions below convert it.
 */
export type ZipPosition = { lat: number; long: number };
export const ZIP_POSITION_FIELDS = { client: "zipPosition", latitude: "latitude", longitude: "longitude" } as const;

const isZipPosition = (v: unknown): v is ZipPosition =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ZipPosition).lat === "number" &&
  typeof (v as ZipPosition).long === "number";

/** Client names to server names; names outside the map pass through unchanged. */
export function toServerFields(client: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(client)) {
    if (key === ZIP_POSITION_FIELDS.client && isZipPosition(value)) {
      out[ZIP_POSITION_FIELDS.latitude] = value.lat;
      out[ZIP_POSITION_FIELDS.longitude] = value.long;
      continue;
    }
    const server = Object.hasOwn(CLIENT_TO_SERVER, key) ? CLIENT_TO_SERVER[key as ClientField] : key;
    out[server] = value;
  }
  return out;
}

/** Server names to client names; names outside the map pass through unchanged. */
export function toClientFields(server: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(server)) {
    const client = Object.hasOwn(SERVER_TO_CLIENT, key) ? SERVER_TO_CLIENT[key as ServerField] : key;
    out[client] = value;
  }
  const lat = server[ZIP_POSITION_FIELDS.latitude];
  const long = server[ZIP_POSITION_FIELDS.longitude];
  if (typeof lat === "number" && typeof long === "number") {
    delete out[ZIP_POSITION_FIELDS.latitude];
    delete out[ZIP_POSITION_FIELDS.longitude];
    out[ZIP_POSITION_FIELDS.client] = { lat, long } satisfies ZipPosition;
  }
  return out;
}

// Spec section 4: MILITARY income is sent as SELF_EMPLOYMENT with activeMilitary YES; anything else NO.
export function incomeForWire(source: IncomeSource): {
  incomeType: Exclude<IncomeSource, "MILITARY">;
  activeMilitary: "YES" | "NO";
} {
  return source === "MILITARY"
    ? { incomeType: "SELF_EMPLOYMENT", activeMilitary: "YES" }
    : { incomeType: source, activeMilitary: "NO" };
}

/** The inverse: the income source a visitor chose, from the stored incomeType and activeMilitary. */
export function incomeFromWire(incomeType: string, activeMilitary: string | null | undefined): string {
  return incomeType === "SELF_EMPLOYMENT" && activeMilitary === "YES" ? "MILITARY" : incomeType;
}
