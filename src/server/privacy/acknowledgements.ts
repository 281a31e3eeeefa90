// What the visitor reads in the alert after an opt-out request (docs/product/errors.md). The times are the ones
// the pages promise: opting out within 48 hours (docs/product/constants.md), other privacy rights within the 45 days
// the state privacy laws allow.
export const UNSUBSCRIBE_RECEIVED =
  "Thank you. Your request has been received, and you will be unsubscribed within 48 hours.";

const DO_NOT_SELL_RECEIVED: Record<string, string> = {
  DO_NOT_SELL:
    "Thank you. Your request has been received. We will stop selling or sharing your personal information within 48 hours.",
  LIMIT_SENSITIVE:
    "Thank you. Your request has been received. We will limit the use of your sensitive personal information within 48 hours.",
  DELETE:
    "Thank you. Your request has been received. We will stop sharing your personal information within 48 hours and confirm its deletion within 45 days.",
  ACCESS:
    "Thank you. Your request has been received. We will verify it and send you the personal information we hold within 45 days.",
  CORRECT:
    "Thank you. Your request has been received. We will verify it and correct your personal information within 45 days.",
};

export function doNotSellReceived(requestType: string): string {
  return DO_NOT_SELL_RECEIVED[requestType] ?? "Thank you. Your request has been received.";
}
