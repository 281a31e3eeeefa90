// Every user-facing validation message, word for word from docs/product/validation.md (and docs/product/errors.md),
// with docs/product/settled-readings.md readings 5, 6, 7 and 8 applied. Messages the spec leaves open (length caps,
// "must be a valid date") are written here once. Schemas and screens use these; tests pin them. Each text appears
// once: two fields that show the same words share one key.
export const MESSAGES = {
  // Quick start (docs/product/validation.md) and the /loanreason confirmation
  // (docs/product/settled-readings.md#12-loanreason-returning-visitor).
  loanAmountRequired: "Loan amount is required!",
  loanReasonRequired: "Loan reason is required!",
  zipRequired: "Zip code is required!",
  zipLength: "Zip code must be 5 characters long!",
  /** The zip lookup found no city (docs/product/errors.md); checked outside domain, against the zip directory. */
  zipUnknown: "Invalid",

  // Legal name. The spec's casing is kept ("FirstName", "lastName").
  firstNameRequired: "FirstName is required!",
  lastNameRequired: "lastName is required!",
  nameTooLong: "Please use at most 50 characters",
  /** docs/decisions/0030-funnel-words.md: names are letters, spaces, hyphens, apostrophes and periods. */
  nameCharacters: "The name can only contain letters, spaces, hyphens, apostrophes and periods!",

  emailRequired: "Email is required!",
  emailInvalid: "Invalid email address",
  emailTooLong: "Email address must be at most 254 characters",

  phoneRequired: "Phone number is required!",
  phoneInvalid: "The phone number is not correct!",
  /** The phone step's server refusal (docs/product/validation.md, status not 200). */
  phoneRefused: "Phone number is invalid!",

  monthRequired: "Month is required!",
  dayRequired: "Day is required!",
  yearRequired: "Year is required!",
  underage: "You are not yet 18 years old",
  dateInvalid: "Please choose a valid date",
  /** Invisible control characters (a pasted NUL, a form feed) in any text the server receives. */
  controlCharacters: "Please remove the invisible or invalid characters from this field",

  streetRequired: "Street Address is required!",
  streetCharacters: "The address can not contain special characters!",
  streetTooLong: "Street Address must be at most 100 characters",
  /** The address step's zip lookup failed or city/state could not be filled (docs/product/validation.md). */
  addressZipUnknown: "Invalid zip code!",
  cityTooLong: "City must be at most 50 characters",

  // Single-choice screens (docs/product/validation.md): which screen shows which lives in the step table.
  selectOne: "Please select one option.",
  chooseAnswer: "Please choose an answer",
  chooseAnswerBang: "Please choose an answer!",

  // docs/product/settled-readings.md#8-employer-name-message: the spec's "FirstName is required!" under employer name
  // was a copy slip.
  employerRequired: "Employer name is required!",
  jobTitleRequired: "Job title is required!",
  textTooLong: "Please use at most 100 characters",

  workPhoneDigits: "Phone number must be exactly 10 digits",
  workPhoneSameAsCell: "Company phone number must not be the same as personal phone number!",
  workPhoneSameAsHome: "Company phone number must not be the same as home phone number!",
  updateFailed: "Failed to update contact. Please try again.",
  unexpectedError: "An error occurred. Please try again.",

  routingRequired: "Routing Number is required!",
  routingDigits: "Routing Number must be a 9-digit number.",
  routingInvalid: "Invalid Routing Number!",
  bankNameRequired: "Bank Name is required!",

  // docs/product/settled-readings.md#7-bank-account-number-length: digits only, 4 to 24.
  bankAccountRequired: "Bank Account is required!",
  bankAccountMin: "Please enter at least 4 digits",
  bankAccountMax: "Please enter at most 24 digits",
  bankAccountDigits: "Please enter digits only",
  bankAccountTypeRequired: "Bank Account Type is required!",

  // docs/product/settled-readings.md#6-drivers-license-length: 2 to 25 characters.
  licenseRequired: "LicenseID is required!",
  licenseMin: "Please enter at least 2 characters",
  licenseMax: "LicenseID must be at most 25 characters long",
  licenseCharacters: "LicenseID can only contain letters, digits, spaces and dashes",
  issuingStateRequired: "Issuing State is required!",
  /** Typed text that names none of the states (docs/product/settled-readings.md#25-licence-state). */
  issuingStateUnknown: "Please choose one of the 50 US states",

  ssnRequired: "Social Security Number is required!",
  ssnFormat: "Invalid social security number format xxx-xx-xxxx",
  /** A whole-lead create or update carrying an SSN: only the SSN step carries its credit-check consent. */
  ssnOnItsStep: "The Social Security Number is sent with its own step, together with the credit check consent.",

  // Next pay date: required uses chooseAnswer (docs/product/validation.md: "Please choose an answer");
  // docs/product/settled-readings.md#5-next-pay-date-window.
  payDateWindow: "Please select a weekday within the next 30 days!",
  /** The second pay date is computed from the first by the pay frequency (docs/product/behaviour.md). */
  payDateSecond: "The second pay date must be one pay period after the next pay date",
  residenceMonthsDisagree: "time_at_residence and addressLengthMonths must agree",

  // The step-update envelope (docs/product/server-calls.md#server-contract: { step, lead_id, ...fields }).
  stepUnknown: "Unknown step",
  // Consent evidence (docs/product/security-and-privacy.md): the screens with consent text send which text was shown.
  consentMissing: "The consent you gave on this page did not reach us. Please reload the page and try again.",
  consentOutdated: "The consent text has changed; please reload the page.",
  consentNotForThisStep: "This consent text does not belong to this step.",
  leadIdRequired: "lead_id is required",

  // Unsubscribe and do-not-sell forms (docs/product/validation.md). Required e-mail and phone reuse the keys above.
  formEmailInvalid: "invalid email address",
  formPhoneLength: "Phone number must be 10 characters long",
  unsubscribeReasonRequired: "Unsubscribe is required!",
  /** The unsubscribe link of an e-mail that the server does not take (docs/product/mail.md#reminders). */
  unsubscribeLinkInvalid: "This unsubscribe link has expired or is incomplete. Please fill in the form below instead.",
  requestTypeRequired: "Please select an answer!",
  formFirstNameRequired: "First Name is required!",
  formLastNameRequired: "Last Name is required!",
  countryRequired: "Country is required!",
  formZipLength: "Zip code must be 5 characters long",
  stateTypeRequired: "State Type is required!",
  addressRequired: "Address is required!",
  addressMin: "Address must be 5 characters long.",
  cityRequired: "City is required!",
  /** The zip belongs to another state than the one chosen (docs/product/settled-readings.md#24-privacy-forms). */
  zipNotInState: "This zip code is not in the state you chose.",
} as const;
