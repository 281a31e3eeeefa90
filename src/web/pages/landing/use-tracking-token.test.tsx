import { act, cleanup, render, screen } from "@testing-library/react";
import { useCallback, useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TrackingScript } from "#web/site/site-config.ts";
import { TRACKING_POLL_MS, useTrackingToken } from "./use-tracking-token.ts";

function Probe({ tracking }: { tracking: TrackingScript | undefined }) {
  const ref = useRef<HTMLInputElement>(null);
  const read = useCallback(() => ref.current?.value, []);
  const token = useTrackingToken(tracking, read);
  return (
    <>
      <input ref={ref} type="hidden" name="token_field" defaultValue="" data-testid="field" />
      <p>token: {token ?? "none"}</p>
    </>
  );
}

const TRACKING: TrackingScript = { src: "https://tracking.example/script.js", fieldName: "token_field" };

beforeEach(() => {
  vi.useFakeTimers();
  // happy-dom does not fetch scripts; have it report the tracking script as loaded instead of failing.
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.querySelectorAll("script[data-tracking]").forEach((s) => s.remove());
});

describe("useTrackingToken", () => {
  it("loads nothing and stays empty when no tracking script is configured", () => {
    render(<Probe tracking={undefined} />);
    act(() => vi.advanceTimersByTime(5 * TRACKING_POLL_MS));
    expect(screen.getByText("token: none")).toBeTruthy();
    expect(document.querySelector("script[data-tracking]")).toBeNull();
  });

  it("loads the configured script once and polls the field every second until a token is there", () => {
    const { rerender } = render(<Probe tracking={TRACKING} />);
    rerender(<Probe tracking={TRACKING} />);
    const scripts = document.querySelectorAll("script[data-tracking='token_field']");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute("src")).toBe(TRACKING.src);
    act(() => vi.advanceTimersByTime(3 * TRACKING_POLL_MS));
    expect(screen.getByText("token: none")).toBeTruthy();
    (screen.getByTestId("field") as HTMLInputElement).value = "cert-123";
    act(() => vi.advanceTimersByTime(TRACKING_POLL_MS));
    expect(screen.getByText("token: cert-123")).toBeTruthy();
  });
});
