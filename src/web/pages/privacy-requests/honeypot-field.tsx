import type { Ref } from "react";
import { HONEYPOT_FIELD } from "#domain/contracts/honeypot.ts";

// A field people never see or reach (off-screen, out of the tab order, hidden from assistive technology);
// form-filling bots do fill it, and the server then quietly drops the request (docs/product/security-and-privacy.md).
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="hp-website">Leave this field empty</label>
      <input
        ref={inputRef}
        id="hp-website"
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
