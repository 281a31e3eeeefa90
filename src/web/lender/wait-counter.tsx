import { COUNTER_OF } from "./wait-timeline.ts";

/** docs/product/screens-and-routes.md#lender-connection-screen */
const WAIT_TEXT = "Please wait, we require more time to process your request.";

export function WaitCounter({ value }: { value: number }) {
  return (
    <p className="wait-counter">
      <span className="wait-counter__value">
        {value}/{COUNTER_OF}
      </span>{" "}
      {WAIT_TEXT}
    </p>
  );
}
