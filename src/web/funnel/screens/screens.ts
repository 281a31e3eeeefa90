import type { ComponentType } from "react";
import type { StepScreen } from "#domain/steps/step.ts";
import { AddressScreen } from "./address-screen.tsx";
import { BankDetailsScreen } from "./bank-details-screen.tsx";
import { ChoiceScreen } from "./choice-screen.tsx";
import { DobScreen } from "./dob-screen.tsx";
import { EmailScreen } from "./email-screen.tsx";
import { LegalNameScreen } from "./legal-name-screen.tsx";
import { LicenseScreen } from "./license-screen.tsx";
import { LoanConfirmScreen } from "./loan-confirm-screen.tsx";
import { PayDateScreen } from "./pay-date-screen.tsx";
import { RequestCashScreen } from "./request-cash-screen.tsx";
import { RoutingScreen } from "./routing-screen.tsx";
import type { ScreenProps } from "./screen-props.ts";
import { TextScreen } from "./text-screen.tsx";

/** Which component renders each kind of screen of the step table (a row's `screen`). */
export const SCREENS: Record<StepScreen, ComponentType<ScreenProps>> = {
  "legal-name": LegalNameScreen,
  email: EmailScreen,
  "cell-phone": TextScreen,
  choice: ChoiceScreen,
  dob: DobScreen,
  address: AddressScreen,
  "pay-date": PayDateScreen,
  employer: TextScreen,
  "work-phone": TextScreen,
  routing: RoutingScreen,
  "bank-details": BankDetailsScreen,
  "bank-account": TextScreen,
  license: LicenseScreen,
  ssn: TextScreen,
  "loan-confirm": LoanConfirmScreen,
  "request-cash": RequestCashScreen,
};
