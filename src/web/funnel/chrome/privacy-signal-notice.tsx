import { useGlobalPrivacyControl } from "#web/site/use-global-privacy-control.ts";
import "./funnel-chrome.css";

// A visitor whose browser sends Global Privacy Control learns, before answering anything, that it is
// honoured and what that means for a loan request: a lender is a buyer, so no lender is sent the request
// (docs/product/security-and-privacy.md#global-privacy-control, docs/product/lender-network.md#suppression).
export function PrivacySignalNotice() {
  if (!useGlobalPrivacyControl()) return null;
  return (
    <p className="privacy-signal-notice" role="note">
      Your browser sends a Global Privacy Control signal, and we honour it: we will not sell or share your personal
      information. That includes passing your request to lenders, so we cannot connect you with a lender while the
      signal is on for this site.
    </p>
  );
}
