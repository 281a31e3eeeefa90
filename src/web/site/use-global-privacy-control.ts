import { useSyncExternalStore } from "react";

// Whether this browser sends Global Privacy Control (navigator.globalPrivacyControl, the signal's script
// side). The server honours the signal as a request not to sell or share (docs/product/security-and-privacy.md
// #global-privacy-control); the page says so. Never known before hydration, so prerendered HTML shows nothing.
const subscribe = () => () => {};
const sendsSignal = () => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

export function useGlobalPrivacyControl(): boolean {
  return useSyncExternalStore(subscribe, sendsSignal, () => false);
}
