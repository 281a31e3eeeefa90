import { useEffect, useState } from "react";
import type { TrackingScript } from "#web/site/site-config.ts";

/** docs/product/constants.md: the lead-tracking token is polled every second until present. */
export const TRACKING_POLL_MS = 1000;

export const DEFAULT_TRACKING_FIELD = "lead_tracking_token";

// When the brand configures a lead-tracking script, load it and read the hidden field it fills, every
// second, until a token is there. Without one configured, nothing is loaded and the field stays empty.
export function useTrackingToken(tracking: TrackingScript | undefined, readField: () => string | undefined) {
  const [token, setToken] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!tracking) return;
    if (!document.querySelector(`script[data-tracking="${tracking.fieldName}"]`)) {
      const script = document.createElement("script");
      script.src = tracking.src;
      script.async = true;
      script.dataset.tracking = tracking.fieldName;
      document.body.appendChild(script);
    }
    const timer = window.setInterval(() => {
      const value = readField()?.trim();
      if (value) {
        setToken(value);
        window.clearInterval(timer);
      }
    }, TRACKING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [tracking, readField]);

  return token;
}
