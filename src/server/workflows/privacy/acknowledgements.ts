// What the visitor reads in the alert after an opt-out request (docs/product/errors.md). The times are the ones
// the pages promise: opting out within 48 hours (docs/product/constants.md), other privacy rights within the 45 days
// the state privacy laws allow; know and delete requests go on from the link mailed to the address given
// (docs/product/privacy-requests.md#verification).
export const UNSUBSCRIBE_RECEIVED =
  "Thank you. Your request has been received, and you will be unsubscribed within 48 hours.";

const DO_NOT_SELL_RECEIVED: Record<string, string> = {
  DO_NOT_SELL:
    "Thank you. Your request has been received. We will stop selling or sharing your personal information within 48 hours.",
  LIMIT_SENSITIVE:
    "Thank you. Your request has been received. We will limit the use of your sensitive personal information within 48 hours.",
  DELETE:
    "Thank you. Your request has been received, and we have stopped selling or sharing your personal information. To delete it, open the link we are sending to your e-mail address and confirm; we complete deletions within 45 days.",
  ACCESS:
    "Thank you. Your request has been received. We are sending a link to your e-mail address: it opens the personal information we hold about you. Only that address receives it.",
  CORRECT:
    "Thank you. Your request has been received. We will verify it and correct your personal information within 45 days.",
};

export function doNotSellReceived(requestType: string): string {
  return DO_NOT_SELL_RECEIVED[requestType] ?? "Thank you. Your request has been received.";
}
